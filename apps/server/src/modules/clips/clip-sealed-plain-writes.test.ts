import { PassThrough } from 'node:stream';
import {
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  FILE_NAME_HEADER,
  FILE_TYPE_HEADER,
  type Clip,
  type SocketAck,
} from '@clipsync/shared';
import * as sealing from '@clipsync/shared/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/as';
import type { TestUser } from '../../../test/factories';
import { multipartFile, multipartForm } from '../../../test/multipart';
import { eventually } from '../../../test/real-socket-upload';
import {
  plainClip as makePlainClip,
  sealedAccount,
  sealedAccountWithPlainClip as sealedAccountWithClip,
} from '../../../test/sealed-account';
import { socketPool } from '../../../test/socket-client';
import { storedFilesIn } from '../../../test/stored-files';
import { clipFiles, clips, sessions, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { createClipsContext } from './clips.context';
import { addClipFile } from './clips.service';

const TEXT = 'the spare key is in the blue flowerpot';
const STALE_TEXT = 'typed on a device that has not heard the clipboard is sealed';
const FILE = { name: 'flowerpot-photo.jpg', type: 'image/jpeg', bytes: Buffer.from('a photo of the flowerpot') };

/*
 * A clip made in clear before its account turned end-to-end encryption on stays plain until a device holding the
 * key seals it (POST /clipboard/{id}/seal). Until then the server takes nothing new in clear for it: a text save
 * (HTTP or the live socket) and a file upload (raw PUT or multipart POST) are 409 CLIPBOARD_SEALED and change
 * nothing. Runs on PGlite (the save's write in its worker) and on PostgreSQL (the server-postgres project).
 */
describe('a plain clip of an end-to-end encrypted clipboard takes nothing new in clear', () => {
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

  /** A clip with a file, made in clear by `owner` (before any key). */
  const plainClip = (owner: Caller) => makePlainClip(testApp, owner, TEXT, [FILE]);
  const sealedAccountWithPlainClip = () => sealedAccountWithClip(testApp, TEXT, [FILE]);

  /** Everything a refusal must leave as it was: the clip's row, its files' rows, the stored bytes and the usage. */
  async function snapshot(clipId: string, userId: string) {
    const [clip] = await testApp.context.db.select().from(clips).where(eq(clips.id, clipId));
    const files = await testApp.context.db.select().from(clipFiles).where(eq(clipFiles.clipId, clipId));
    const [user] = await testApp.context.db
      .select({ bytes: users.storedBytes })
      .from(users)
      .where(eq(users.id, userId));
    return { clip, files, stored: await storedFilesIn(testApp.config.dataDir), bytes: user?.bytes };
  }

  const rawUpload = (owner: Caller, clipId: string, name: string, type: string, bytes: Buffer) =>
    testApp.as(owner).inject('PUT', `/api/clipboard/${clipId}/files`, bytes, {
      'content-type': 'application/octet-stream',
      [FILE_NAME_HEADER]: encodeURIComponent(name),
      [FILE_TYPE_HEADER]: type,
    });

  /** The owner as the service sees them, for a call that does not go through HTTP (only its user is asked). */
  async function ownerActorOf(owner: TestUser): Promise<Actor> {
    const [session] = await testApp.context.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    return { userId: owner.id, sessionId: session!.id, expiresAt: Math.floor(Date.now() / 1000) + 600 };
  }

  test('a text save is 409 CLIPBOARD_SEALED, plain or envelope-shaped, by HTTP or the socket: nothing changed, version kept', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const owner = device.user;
    const before = await snapshot(clip.id, owner.id);

    const stale = await testApp
      .as(owner)
      .put(`/api/clipboard/${clip.id}`, { content: STALE_TEXT, version: clip.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CLIPBOARD_SEALED', error: expect.stringContaining('sealed') });
    // Without a version (a last-writer-wins save) alike.
    const unversioned = await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: STALE_TEXT });
    expect(unversioned.json()).toMatchObject({ code: 'CLIPBOARD_SEALED' });
    // An envelope with no wrapped key beside it: no device of the account could open it, and the clip stays plain.
    const { clipKey } = await device.newClipKey();
    const envelope = await sealing.encryptText(STALE_TEXT, clipKey);
    const enveloped = await testApp
      .as(owner)
      .put(`/api/clipboard/${clip.id}`, { content: envelope, version: clip.version });
    expect(enveloped.json()).toMatchObject({ code: 'CLIPBOARD_SEALED' });
    // The live editor's save goes the same way.
    const socket = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const ack = await new Promise<Parameters<SocketAck>[0]>((resolve) =>
      socket.emit('clip-content-update', { clipId: clip.id, content: STALE_TEXT, version: clip.version }, resolve),
    );
    expect(ack).toMatchObject({ ok: false, code: 'CLIPBOARD_SEALED' });

    const after = await snapshot(clip.id, owner.id);
    expect(after).toEqual(before);
    expect(after.clip).toMatchObject({ content: TEXT, version: clip.version, encrypted: false });
  });

  test('a file upload is 409 CLIPBOARD_SEALED (raw PUT and multipart POST): no file row, no blob left in the store', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const owner = device.user;
    const before = await snapshot(clip.id, owner.id);

    const raw = await rawUpload(owner, clip.id, 'passport-scan.pdf', 'application/pdf', Buffer.from('plain bytes'));
    expect(raw.statusCode, raw.body).toBe(409);
    expect(raw.json()).toMatchObject({ code: 'CLIPBOARD_SEALED', error: expect.any(String) });
    const form = multipartFile('file', 'passport-scan.pdf', 'application/pdf', Buffer.from('plain bytes'));
    const multipart = await testApp
      .as(owner)
      .inject('POST', `/api/clipboard/${clip.id}/files`, form.payload, form.headers);
    expect(multipart.statusCode, multipart.body).toBe(409);
    expect(multipart.json()).toMatchObject({ code: 'CLIPBOARD_SEALED' });

    const after = await snapshot(clip.id, owner.id);
    expect(after).toEqual(before);
    expect(after.files.map((file) => file.name)).toEqual([FILE.name]);
    expect(after.stored.temporary).toEqual([]);

    // Removing its file is still the owner's to do: it takes plaintext away.
    const removed = await testApp.as(owner).delete(`/api/clipboard/${clip.id}/files/${clip.files[0]!.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await snapshot(clip.id, owner.id)).files).toEqual([]);
  });

  test('an upload that started before the account turned the encryption on is refused when it lands, and its blob deleted', async () => {
    const owner = await testApp.factory.user();
    const clip = await plainClip(owner);
    const storedBefore = await storedFilesIn(testApp.config.dataDir);
    const slow = new PassThrough();
    const landing = addClipFile(createClipsContext(testApp.context), await ownerActorOf(owner), clip.id, {
      name: 'late-plain-name.txt',
      type: 'text/plain',
      stream: slow,
    });
    landing.catch(() => undefined); // awaited below: not an unhandled rejection meanwhile
    slow.write('plain bytes, read while the account was not sealed');
    // Past every check before the store: its bytes stream into the temporary folder.
    await eventually(
      async () => (await storedFilesIn(testApp.config.dataDir)).temporary.length === 1,
      'the upload streaming into the store',
    );
    const device = await sealedAccount(testApp, owner);
    const afterTurnOn = await snapshot(clip.id, owner.id);
    slow.end();
    await expect(landing).rejects.toMatchObject({ code: 'CLIPBOARD_SEALED' });

    const { stored, ...afterLanding } = await snapshot(clip.id, owner.id);
    const { stored: _streaming, ...expected } = afterTurnOn;
    expect(afterLanding).toEqual(expected);
    expect(afterLanding.files).toHaveLength(1);
    expect(stored).toEqual(storedBefore);
    expect(device.user.id).toBe(owner.id);
  });

  test('once sealed through /seal, a sealed save and a sealed upload work', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const owner = device.user;
    const { clipKey, wrappedKey } = await device.newClipKey();
    const form = multipartForm(
      { wrappedKey, content: await sealing.encryptText(clip.content, clipKey), version: String(clip.version) },
      [
        {
          field: clip.files[0]!.id,
          filename: ENCRYPTED_FILE_NAME,
          type: ENCRYPTED_FILE_TYPE,
          content: await device.sealFile(clipKey, FILE.name, FILE.type, FILE.bytes),
        },
      ],
    );
    const sealedAnswer = await testApp
      .as(owner)
      .inject('POST', `/api/clipboard/${clip.id}/seal`, form.payload, form.headers as Record<string, string>);
    expect(sealedAnswer.statusCode, sealedAnswer.body).toBe(200);
    const sealed = sealedAnswer.json<Clip>();

    const envelope = await sealing.encryptText('edited on the unlocked device', clipKey);
    const saved = await testApp
      .as(owner)
      .put(`/api/clipboard/${clip.id}`, { content: envelope, version: sealed.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Clip>()).toMatchObject({ content: envelope, version: sealed.version + 1, wrappedKey });
    // Plain text into the sealed clip is refused as for any encrypted clip (it is no envelope).
    const plain = await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: STALE_TEXT });
    expect(plain.statusCode).toBe(400);

    const sealedBytes = await device.sealFile(clipKey, 'second.txt', 'text/plain', Buffer.from('second file'));
    const upload = await rawUpload(owner, clip.id, 'second.txt', 'text/plain', sealedBytes);
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({ file: { name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE } });
  });

  test('an account without a clipboard key saves and uploads in clear as before', async () => {
    const owner = await testApp.factory.user();
    const clip = await plainClip(owner);
    const saved = await testApp
      .as(owner)
      .put(`/api/clipboard/${clip.id}`, { content: STALE_TEXT, version: clip.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Clip>()).toMatchObject({ content: STALE_TEXT, version: clip.version + 1, encrypted: false });
    const upload = await rawUpload(owner, clip.id, 'menu.txt', 'text/plain', Buffer.from('soup of the day'));
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({ file: { name: 'menu.txt', type: 'text/plain' } });
  });
});
