import {
  CLIPBOARD_KEY_ENDPOINTS,
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  type Clip,
  type ClipboardKeyStatus,
} from '@clipsync/shared';
import { PassThrough } from 'node:stream';
import * as sealing from '@clipsync/shared/crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/as';
import type { TestUser } from '../../../test/factories';
import { multipartForm, type FormFile } from '../../../test/multipart';
import {
  plainClip as makePlainClip,
  sealedAccount,
  sealedAccountWithPlainClip as sealedAccountWithClip,
  type PlainFile,
  type SealingDevice,
} from '../../../test/sealed-account';
import { eventually } from '../../../test/real-socket-upload';
import { nextEvent, socketPool } from '../../../test/socket-client';
import { storedFilesIn } from '../../../test/stored-files';
import { clipFiles, clips, sessions, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { createClipsContext } from './clips.context';
import { addClipFile } from './clips.service';

const TEXT = 'meet at the old boathouse, 7pm';
const FILES = [
  { name: 'boathouse-map.png', type: 'image/png', bytes: Buffer.from('a map of the boathouse, as png bytes') },
  { name: 'rowing-notes.txt', type: 'text/plain', bytes: Buffer.from('oars are under the tarp') },
];

describe('sealing and unsealing one clip (POST /clipboard/{id}/seal and /unseal)', () => {
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

  const send = (
    caller: Caller | null,
    clipId: string,
    action: 'seal' | 'unseal',
    form: { payload: Buffer; headers: object },
  ) =>
    testApp
      .as(caller)
      .inject('POST', `/api/clipboard/${clipId}/${action}`, form.payload, form.headers as Record<string, string>);

  /** A plain clip with files (the file's TEXT and FILES by default). */
  const plainClip = (owner: Caller, text = TEXT, files: readonly PlainFile[] = FILES) =>
    makePlainClip(testApp, owner, text, files);
  const sealedAccountWithPlainClip = () => sealedAccountWithClip(testApp, TEXT, FILES);

  /** What a device sends to seal `clip`: its text and each file sealed with a new clip key, one part per file id. */
  async function sealForm(device: SealingDevice, clip: Clip, plain: readonly PlainFile[] = FILES) {
    const { clipKey, wrappedKey } = await device.newClipKey();
    const files: FormFile[] = await Promise.all(
      clip.files.map(async (file, index) => ({
        field: file.id,
        filename: ENCRYPTED_FILE_NAME,
        type: ENCRYPTED_FILE_TYPE,
        content: await device.sealFile(clipKey, plain[index]!.name, plain[index]!.type, plain[index]!.bytes),
      })),
    );
    const fields = {
      wrappedKey,
      content: await sealing.encryptText(clip.content, clipKey),
      version: String(clip.version),
    };
    return { clipKey, wrappedKey, fields, files, form: multipartForm(fields, files) };
  }

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

  /** The owner as the service sees them, for a call that does not go through HTTP (only its user is asked). */
  async function ownerActorOf(owner: TestUser): Promise<Actor> {
    const [session] = await testApp.context.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    return { userId: owner.id, sessionId: session!.id, expiresAt: Math.floor(Date.now() / 1000) + 600 };
  }

  const statusOf = (caller: Caller) => testApp.api(caller).call(CLIPBOARD_KEY_ENDPOINTS.status);

  test('seal: the text and every file swapped for sealed ones at once, the old bytes deleted, the search copy emptied', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const owner = device.user;
    expect(await statusOf(owner)).toMatchObject<Partial<ClipboardKeyStatus>>({ plainClips: 1, sealedClips: 0 });
    const storedBefore = (await storedFilesIn(testApp.config.dataDir)).kept;
    const live = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const heard = nextEvent(live, 'clip-update');

    const { clipKey, wrappedKey, form } = await sealForm(device, clip);
    const sealed = await send(owner, clip.id, 'seal', form);
    expect(sealed.statusCode, sealed.body).toBe(200);
    const answer = sealed.json<Clip>();
    expect(answer).toMatchObject({ id: clip.id, encrypted: true, wrappedKey, version: clip.version + 1 });
    expect(answer.files.map((file) => file.id)).toEqual(clip.files.map((file) => file.id));
    for (const file of answer.files)
      expect(file).toMatchObject({ name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE });
    expect(await heard).toMatchObject({ clipId: clip.id, encrypted: true, wrappedKey });

    // The device (or a link's reader with the key) opens the text and every file.
    const key = new sealing.ShareKey(await sealing.unwrapClipKey(device.sealingKey, answer.wrappedKey!));
    expect(await sealing.decryptText(answer.content, key)).toBe(TEXT);
    for (const [index, file] of answer.files.entries()) {
      const download = await testApp.as(owner).get(file.url);
      const opened = await sealing.decryptFile([download.rawPayload], clipKey);
      expect(opened.metadata).toEqual({ name: FILES[index]!.name, type: FILES[index]!.type });
    }

    // The old bytes are gone, the new ones kept: as many files as before, none of the same keys.
    const storedAfter = (await storedFilesIn(testApp.config.dataDir)).kept;
    expect(storedAfter).toHaveLength(storedBefore.length);
    expect(storedAfter.filter((key) => storedBefore.includes(key))).toHaveLength(storedBefore.length - FILES.length);
    const [row] = await testApp.context.db.select().from(clips).where(eq(clips.id, clip.id));
    expect(row).toMatchObject({ fileNames: '', searchText: '', encrypted: true });
    const [user] = await testApp.context.db.select().from(users).where(eq(users.id, owner.id));
    const fileBytes = answer.files.reduce((sum, file) => sum + file.size, 0);
    expect(user!.storedBytes).toBe(fileBytes + Buffer.byteLength(answer.content));

    // Progress: nothing plain is left to list; the sealed list has it; search finds neither its text nor its names.
    expect(await statusOf(owner)).toMatchObject({ plainClips: 0, sealedClips: 1 });
    expect((await testApp.as(owner).get('/api/clipboard/history?sealed=false')).json()).toEqual([]);
    expect((await testApp.as(owner).get('/api/clipboard/history?sealed=true')).json<Clip[]>().map((c) => c.id)).toEqual(
      [clip.id],
    );
    expect((await testApp.as(owner).get('/api/clipboard/history?search=boathouse')).json()).toEqual([]);
  });

  test('unseal: back in clear with the files’ own names; turning the encryption off is refused until then', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const owner = device.user;
    const { form } = await sealForm(device, clip);
    const sealed = (await send(owner, clip.id, 'seal', form)).json<Clip>();
    const off = await testApp.as(owner).post('/api/account/clipboard-key/disable', device.passphraseProof);
    expect(off.json()).toMatchObject({ code: 'CLIPBOARD_SEALED' });

    const storedBefore = (await storedFilesIn(testApp.config.dataDir)).kept;
    const unsealForm = multipartForm(
      { content: TEXT, version: String(sealed.version) },
      sealed.files.map((file, index) => ({
        field: file.id,
        filename: FILES[index]!.name,
        type: FILES[index]!.type,
        content: FILES[index]!.bytes,
      })),
    );
    const unsealed = await send(owner, clip.id, 'unseal', unsealForm);
    expect(unsealed.statusCode, unsealed.body).toBe(200);
    const answer = unsealed.json<Clip>();
    expect(answer).toMatchObject({ encrypted: false, content: TEXT, version: sealed.version + 1 });
    expect(answer.wrappedKey).toBeUndefined();
    expect(answer.files.map(({ name, type }) => ({ name, type }))).toEqual(
      FILES.map(({ name, type }) => ({ name, type })),
    );
    const download = await testApp.as(owner).get(answer.files[1]!.url);
    expect(download.rawPayload.equals(FILES[1]!.bytes)).toBe(true);
    expect((await storedFilesIn(testApp.config.dataDir)).kept.filter((key) => storedBefore.includes(key))).toHaveLength(
      storedBefore.length - FILES.length,
    );
    expect((await testApp.as(owner).get('/api/clipboard/history?search=boathouse')).json<Clip[]>()).toHaveLength(1);
    expect(await statusOf(owner)).toMatchObject({ plainClips: 1, sealedClips: 0 });
  });

  test('turning the encryption off is 409 CLIPBOARD_SEALED while a sealed clip remains, then allowed once it is unsealed', async () => {
    const device = await sealedAccount(testApp);
    const owner = device.user;
    const { clipKey, wrappedKey } = await device.newClipKey();
    const made = await testApp.as(owner).post('/api/clipboard', {
      content: await sealing.encryptText('kept sealed', clipKey),
      encrypted: true,
      wrappedKey,
    });
    const proof = device.passphraseProof;
    const refused = await testApp.as(owner).post('/api/account/clipboard-key/disable', proof);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLIPBOARD_SEALED', error: expect.any(String) });
    expect((await statusOf(owner)).enabled).toBe(true);

    const clip = made.json<Clip>();
    const unsealed = await send(
      owner,
      clip.id,
      'unseal',
      multipartForm({ content: 'kept sealed', version: String(clip.version) }, []),
    );
    expect(unsealed.statusCode, unsealed.body).toBe(200);
    expect((await testApp.as(owner).post('/api/account/clipboard-key/disable', proof)).statusCode).toBe(204);
    expect(await statusOf(owner)).toMatchObject({ enabled: false, plainClips: 1, sealedClips: 0 });
  });

  test('an upload that started before the clip was sealed is refused when it lands (409), and leaves nothing', async () => {
    // Started before the account turned its encryption on: a plain clip of a sealed clipboard takes no upload.
    const owner = await testApp.factory.user();
    const clip = await plainClip(owner);
    const slow = new PassThrough();
    const landing = addClipFile(createClipsContext(testApp.context), await ownerActorOf(owner), clip.id, {
      name: 'late-plain-name.txt',
      type: 'text/plain',
      stream: slow,
    });
    landing.catch(() => undefined); // awaited below: not an unhandled rejection meanwhile
    slow.write('plain bytes, read for the clip as it was');
    await eventually(
      async () => (await storedFilesIn(testApp.config.dataDir)).temporary.length === 1,
      'the upload streaming into the store',
    );
    const device = await sealedAccount(testApp, owner);
    const { form } = await sealForm(device, clip);
    expect((await send(owner, clip.id, 'seal', form)).statusCode).toBe(200);
    // The upload still streams into the store's temporary folder: everything else is as the seal left it.
    const { stored: streaming, ...afterSeal } = await snapshot(clip.id, owner.id);
    expect(streaming.temporary).toHaveLength(1);
    slow.end();
    await expect(landing).rejects.toMatchObject({ code: 'CONFLICT' });
    const { stored, ...afterLanding } = await snapshot(clip.id, owner.id);
    expect(afterLanding).toEqual(afterSeal);
    expect(stored).toEqual({ kept: streaming.kept, temporary: [] });
  });

  test('the owner only: another user 403, signed out 401, a forged id 404; nothing changed, nothing stored', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const { form } = await sealForm(device, clip);
    const before = await snapshot(clip.id, device.user.id);
    const other = await testApp.factory.user();
    for (const action of ['seal', 'unseal'] as const) {
      for (const [caller, id, status] of [
        [other, clip.id, 403],
        [null, clip.id, 401],
        [device.user, 'AAAAAAAAAAAAAAAAAAAAAA', 404],
      ] as const) {
        const refused = await send(caller, id, action, form);
        expect(refused.statusCode, `${action} ${status}`).toBe(status);
        expect(refused.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
      }
    }
    expect(await snapshot(clip.id, device.user.id)).toEqual(before);
  });

  test('refusals answer 4xx {error, code} and change nothing: every case leaves the clip, its files and the store as they were', async () => {
    const { device, clip } = await sealedAccountWithPlainClip();
    const owner = device.user;
    const good = await sealForm(device, clip);
    const plainOwner = await testApp.factory.user();
    const plainOwnersClip = await plainClip(plainOwner, 'not sealed', []);
    const before = await snapshot(clip.id, owner.id);
    const body = good.form.payload;

    const cases: Array<
      [string, Caller, string, 'seal' | 'unseal', { payload: Buffer; headers: object }, number, string]
    > = [
      [
        'a file part missing',
        owner,
        clip.id,
        'seal',
        multipartForm(good.fields, good.files.slice(0, 1)),
        400,
        'VALIDATION_FAILED',
      ],
      ['no file part at all', owner, clip.id, 'seal', multipartForm(good.fields, []), 400, 'VALIDATION_FAILED'],
      [
        'a part for no file of the clip',
        owner,
        clip.id,
        'seal',
        multipartForm(good.fields, [good.files[0]!, { ...good.files[1]!, field: 'AAAAAAAAAAAAAAAAAAAAAA' }]),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'one file twice',
        owner,
        clip.id,
        'seal',
        multipartForm(good.fields, [good.files[0]!, { ...good.files[1]!, field: good.files[0]!.field }]),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'version 0',
        owner,
        clip.id,
        'seal',
        multipartForm({ ...good.fields, version: '0' }, good.files),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a version the clip does not have',
        owner,
        clip.id,
        'seal',
        multipartForm({ ...good.fields, version: String(clip.version + 5) }, good.files),
        409,
        'EDIT_CONFLICT',
      ],
      [
        'a version that is no number',
        owner,
        clip.id,
        'seal',
        multipartForm({ ...good.fields, version: 'two' }, good.files),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'no wrapped key',
        owner,
        clip.id,
        'seal',
        multipartForm({ content: good.fields.content, version: good.fields.version }, good.files),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a wrapped key not in the format',
        owner,
        clip.id,
        'seal',
        multipartForm({ ...good.fields, wrappedKey: 'short' }, good.files),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'plain text as the sealed content',
        owner,
        clip.id,
        'seal',
        multipartForm({ ...good.fields, content: TEXT }, good.files),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a body cut short',
        owner,
        clip.id,
        'seal',
        { payload: body.subarray(0, body.length - 60), headers: good.form.headers },
        400,
        'MALFORMED_UPLOAD',
      ],
      [
        'not multipart',
        owner,
        clip.id,
        'seal',
        { payload: Buffer.from('{}'), headers: { 'content-type': 'application/json' } },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'unsealing a clip that is not sealed',
        owner,
        clip.id,
        'unseal',
        multipartForm({ content: TEXT, version: String(clip.version) }, []),
        409,
        'CONFLICT',
      ],
      ['sealing for an account that is not sealed', plainOwner, plainOwnersClip.id, 'seal', good.form, 409, 'CONFLICT'],
    ];
    for (const [what, caller, id, action, form, status, code] of cases) {
      const refused = await send(caller, id, action, form);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(status);
      expect(refused.json(), what).toMatchObject({ code, error: expect.any(String) });
      expect(await snapshot(clip.id, owner.id), what).toEqual(before);
    }

    // Sealed bytes are a little larger: an account at its quota is refused, and nothing changes.
    await testApp.context.db.update(users).set({ storageQuotaBytes: before.bytes! }).where(eq(users.id, owner.id));
    const overQuota = await send(owner, clip.id, 'seal', good.form);
    expect(overQuota.statusCode, overQuota.body).toBe(413);
    expect(overQuota.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(await snapshot(clip.id, owner.id)).toEqual(before);
    await testApp.context.db.update(users).set({ storageQuotaBytes: null }).where(eq(users.id, owner.id));

    // Edited on another device since this one read it: the stored version is newer, 409 with nothing changed.
    // Written directly: a plain clip of a sealed clipboard takes no save (409 CLIPBOARD_SEALED), so this stands
    // for an edit that landed just before the key was turned on, after this device read the clip.
    await testApp.context.db
      .update(clips)
      .set({ content: `${TEXT}!`, version: sql`${clips.version} + 1` })
      .where(eq(clips.id, clip.id));
    const afterEdit = await snapshot(clip.id, owner.id);
    const stale = await send(owner, clip.id, 'seal', good.form);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT' });
    expect(await snapshot(clip.id, owner.id)).toEqual(afterEdit);

    // And after all that, a form of the clip as it is seals it; sealing it twice is 409.
    const current = (await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json<Clip>();
    expect((await send(owner, clip.id, 'seal', (await sealForm(device, current)).form)).statusCode).toBe(200);
    const again = await send(
      owner,
      clip.id,
      'seal',
      (await sealForm(device, { ...current, version: current.version + 1 })).form,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });
});
