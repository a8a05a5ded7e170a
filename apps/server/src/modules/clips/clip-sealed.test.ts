import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIPBOARD_KEY_ENDPOINTS, type Clip, type EnableClipboardKeyRequest } from '@clipsync/shared';
import * as sealing from '@clipsync/shared/crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { nextEvent, socketPool } from '../../../test/socket-client';
import { clips } from '../../db/schema';

const SECRET_TEXTS = ['the lockbox code is 8812-marigold', 'edited: the lockbox code is now 9923-juniper'];

/** What the owner's device sends for a clip of a sealed clipboard: the text sealed with a clip key, the key wrapped. */
async function sealedClip(text: string) {
  const clipKey = sealing.ShareKey.generate();
  // The server keeps the wrapped key without reading it: any 61 bytes in the format's length stand for one here.
  const wrappedKey = randomBytes(61).toString('base64url');
  return { clipKey, body: { content: await sealing.encryptText(text, clipKey), encrypted: true, wrappedKey } };
}

/** Every file under `dir`, recursively: what an operator's backup or a stolen disk holds. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('clips of an end-to-end encrypted clipboard on the server', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();

  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  /** The account turns its clipboard's encryption on, as its web app does. */
  async function sealedAccount(): Promise<TestUser> {
    const user = await testApp.factory.user();
    const key = sealing.AccountKey.generate();
    const pass = await sealing.UnlockSecret.fromPassphrase('a passphrase long enough', sealing.newPassphraseSalt());
    const recovery = await sealing.UnlockSecret.fromRecoveryKey(sealing.newRecoveryKey());
    const body = {
      keyId: await key.id(),
      passphrase: { wrapped: await pass.seal(key, user.id), unlockProof: pass.unlockProof },
      recovery: { wrapped: await recovery.seal(key, user.id), unlockProof: recovery.unlockProof },
    } as EnableClipboardKeyRequest;
    await testApp.api(user).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body });
    return user;
  }

  test('a sealed clipboard takes sealed clips only: a plain one, or an encrypted one without its wrapped key, is 409', async () => {
    const owner = await sealedAccount();
    const plain = await testApp.as(owner).post('/api/clipboard', { content: 'readable by the server' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ code: 'CLIPBOARD_SEALED' });
    const { body } = await sealedClip('x');
    const unwrapped = await testApp.as(owner).post('/api/clipboard', { content: body.content, encrypted: true });
    expect(unwrapped.json()).toMatchObject({ code: 'CLIPBOARD_SEALED' });
    const history = (await testApp.as(owner).get('/api/clipboard/history')).json<Clip[]>();
    expect(history).toEqual([]);
  });

  test('a sealed clip keeps its wrapped key for its owner alone; its link reader gets the envelope only', async () => {
    const owner = await sealedAccount();
    const { body, clipKey } = await sealedClip(SECRET_TEXTS[0]!);
    const created = await testApp.as(owner).post('/api/clipboard', body);
    expect(created.statusCode).toBe(201);
    const clip = created.json<Clip>();
    expect(clip).toMatchObject({ encrypted: true, wrappedKey: body.wrappedKey });
    expect((await testApp.as(owner).get('/api/clipboard/history')).json<Clip[]>()[0]).toMatchObject({
      wrappedKey: body.wrappedKey,
    });
    const other = await testApp.factory.user();
    const read = (await testApp.as(other).get(`/api/clipboard/${clip.id}`)).json<Clip>();
    expect(read.wrappedKey).toBeUndefined();
    // The link's reader opens it with the clip key in the fragment: the existing end-to-end link.
    const link = sealing.ShareKey.fromFragment(clipKey.fragment);
    expect(await sealing.decryptText(read.content, link)).toBe(SECRET_TEXTS[0]);
  });

  test("the owner's other devices hear a sealed clip with its wrapped key; a plain account is told none", async () => {
    const owner = await sealedAccount();
    const device = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const heard = nextEvent(device, 'clip-created');
    const { body } = await sealedClip('for the other device');
    const made = await testApp.as(owner).post('/api/clipboard', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(await heard).toMatchObject({ encrypted: true, wrappedKey: body.wrappedKey });

    const plainOwner = await testApp.factory.user();
    const plainDevice = await sockets.connect(baseUrl, { token: plainOwner.tokens.access_token });
    const plainHeard = nextEvent(plainDevice, 'clip-created');
    expect((await testApp.as(plainOwner).post('/api/clipboard', { content: 'plain' })).statusCode).toBe(201);
    expect(await plainHeard).not.toHaveProperty('wrappedKey');
  });

  test('bad input: a wrapped key not in the format, or one on a clip not marked encrypted, is 400', async () => {
    const owner = await sealedAccount();
    const { body } = await sealedClip('x');
    for (const bad of [
      { ...body, wrappedKey: 'short' },
      { ...body, wrappedKey: `${body.wrappedKey.slice(1)}!` },
      { ...body, encrypted: false },
    ]) {
      const refused = await testApp.as(owner).post('/api/clipboard', bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  test('after creating and editing sealed clips, neither the database nor the data folder holds their text', async () => {
    const owner = await sealedAccount();
    const { body, clipKey } = await sealedClip(SECRET_TEXTS[0]!);
    const clip = (await testApp.as(owner).post('/api/clipboard', body)).json<Clip>();
    const edited = await sealing.encryptText(SECRET_TEXTS[1]!, clipKey);
    expect((await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: edited })).statusCode).toBe(200);
    // A plain text saved over it would be readable: refused as for every encrypted clip.
    const plainEdit = await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: SECRET_TEXTS[1] });
    expect(plainEdit.statusCode).toBe(400);

    const rows = await testApp.context.db.select().from(clips);
    const dump = JSON.stringify(rows);
    for (const secret of SECRET_TEXTS) {
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice(0, 16));
    }
    const dataDir = testApp.context.config.dataDir;
    for (const path of await filesUnder(dataDir)) {
      const bytes = await readFile(path);
      for (const secret of SECRET_TEXTS) expect(bytes.includes(Buffer.from(secret)), path).toBe(false);
    }
  });
});
