import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  FILE_NAME_HEADER,
  FILE_TYPE_HEADER,
  RAW_UPLOAD_CONTENT_TYPE,
  type Clip,
  type SocketAck,
} from '@clipsync/shared';
import * as sealing from '@clipsync/shared/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { nextEvent, socketPool } from '../../../test/socket-client';
import { clipFiles, clips } from '../../db/schema';
import { markNoPayments } from '../../plugins/spa';

type AckResult = Parameters<SocketAck>[0];

/** What the web build serves for every page of the app: the server adds nothing of a clip to it. */
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="ClipSync — share text and files between your devices, instantly." />
<title>ClipSync — Clipboard Anywhere, Instantly</title></head><body><div id="root"></div></body></html>`;

const TEXT = 'The vault combination is tangerine-4417, tell nobody';
const FILES = [
  {
    name: 'quarterly-secrets.pdf',
    type: 'application/pdf',
    content: Buffer.from('%PDF-1.7 marmalade ledger '.repeat(9000)),
  },
  { name: 'holiday-photo.png', type: 'image/png', content: Buffer.from('PNG pixels of a lighthouse at dusk') },
];

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/**
 * End-to-end encrypted clips (docs/encryption.md): the text and files are sealed by the client with
 * the real `@clipsync/shared/crypto`; the server keeps only ciphertext, names nothing, searches nothing.
 */
describe('end-to-end encrypted clips on the server', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let webDist: string;
  let owner: TestUser;
  const sockets = socketPool();
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.tokens.access_token}` });

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'clipsync-web-'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    testApp = await buildTestApp({ WEB_DIST_DIR: webDist });
    baseUrl = await testApp.listen();
    owner = await testApp.factory.user();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const createEncrypted = async (content: string): Promise<Clip> => {
    const res = await testApp.as(owner).post('/api/clipboard', { content, encrypted: true });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const historyIds = async (search: string, type = 'all') => {
    const query = new URLSearchParams({ search, type });
    const res = await testApp.as(owner).get(`/api/clipboard/history?${query.toString()}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as Clip[]).map((clip) => clip.id);
  };
  const storedBytes = async (storageKey: string) => bytesOf((await testApp.context.files.get(storageKey)) as Readable);

  /** A sealed clip: its text, one file by multipart and one by raw PUT, each declaring its real name and type. */
  async function sealedClipWithTwoFiles() {
    const key = sealing.ShareKey.generate();
    const clip = await createEncrypted(await sealing.encryptText(TEXT, key));
    const sealed = await Promise.all(
      FILES.map(async (file) => bytesOf(sealing.encryptFile([file.content], key, file))),
    );
    const [first, second] = FILES;
    const multipart = multipartFile('file', first!.name, first!.type, sealed[0]!);
    const byForm = await testApp.app.inject({
      method: 'POST',
      url: `/api/clipboard/${clip.id}/files`,
      payload: multipart.payload,
      headers: { ...multipart.headers, ...auth(owner) },
    });
    const byBody = await testApp.app.inject({
      method: 'PUT',
      url: `/api/clipboard/${clip.id}/files`,
      payload: sealed[1],
      headers: {
        'content-type': RAW_UPLOAD_CONTENT_TYPE,
        [FILE_NAME_HEADER]: encodeURIComponent(second!.name),
        [FILE_TYPE_HEADER]: second!.type,
        ...auth(owner),
      },
    });
    return { key, clip, sealed, uploads: [byForm, byBody] };
  }

  test('the server stores ciphertext only: no text, no file name, no content in the row or the stored bytes', async () => {
    const { clip, uploads } = await sealedClipWithTwoFiles();
    for (const upload of uploads) {
      expect(upload.statusCode, upload.body).toBe(201);
      expect(upload.json().file).toMatchObject({ name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE });
      expect(upload.json().url).toMatch(/\/encrypted$/);
    }

    const [row] = await testApp.context.db.select().from(clips).where(eq(clips.id, clip.id));
    expect(row).toMatchObject({ encrypted: true, hasFiles: true, fileNames: '', isDraft: false });
    const fileRows = await testApp.context.db.select().from(clipFiles).where(eq(clipFiles.clipId, clip.id));
    expect(fileRows.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE },
      { name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE },
    ]);

    const secrets = ['tangerine', 'vault', 'quarterly-secrets', 'holiday-photo', 'application/pdf', 'image/png'];
    const rowText = JSON.stringify({ row, fileRows });
    for (const secret of secrets) expect(rowText, secret).not.toContain(secret);
    for (const fileRow of fileRows) {
      const stored = await storedBytes(fileRow.storageKey);
      for (const secret of [...secrets, 'marmalade', 'lighthouse', 'PDF-1.7']) {
        expect(stored.includes(secret), `${secret} in the stored file`).toBe(false);
      }
    }
  });

  test('its owner and its link get back what was sealed: the text, and each file with its name, type and content', async () => {
    const { key, clip } = await sealedClipWithTwoFiles();
    const [asOwner, byLink] = await Promise.all([
      testApp.as(owner).get(`/api/clipboard/${clip.id}`),
      testApp.as(null).get(`/api/clipboard/${clip.id}`),
    ]);
    for (const res of [asOwner, byLink]) {
      const answer = res.json() as Clip;
      expect(answer.encrypted).toBe(true);
      expect(answer.fileName).toBe(ENCRYPTED_FILE_NAME);
      expect(answer.files.map((file) => file.name)).toEqual([ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_NAME]);
      expect(await sealing.decryptText(answer.content, sealing.ShareKey.fromFragment(`#${key.fragment}`))).toBe(TEXT);
    }

    const { files } = (await testApp.as(null).get(`/api/clipboard/${clip.id}/files`)).json() as Clip;
    for (const [index, file] of files.entries()) {
      const download = await testApp.as(null).get(file.url);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${ENCRYPTED_FILE_NAME}"; filename*=UTF-8''${ENCRYPTED_FILE_NAME}`,
      );
      const opened = await sealing.decryptFile([download.rawPayload], key);
      const expected = FILES[index]!;
      expect(opened.metadata).toEqual({ name: expected.name, type: expected.type });
      expect((await bytesOf(opened.content)).equals(expected.content)).toBe(true);
    }
  });

  test('search never finds an encrypted clip, by a word of its text or of its envelope; plain clips as before', async () => {
    const key = sealing.ShareKey.generate();
    const envelope = await sealing.encryptText('apricot orchard notes', key);
    const sealed = await createEncrypted(envelope);
    const plain = await testApp.factory.clip({ owner, content: 'apricot orchard, in clear' });

    expect(await historyIds('apricot')).toEqual([plain.id]);
    expect(await historyIds(envelope.slice(10, 30))).toEqual([]);
    expect(await historyIds(envelope)).toEqual([]);
    // An encrypted clip without files is text to the type filter, as any clip without files.
    const textClips = (await (
      await testApp.as(owner).get('/api/clipboard/history?type=text&limit=100')
    ).json()) as Clip[];
    expect(textClips.map((clip) => clip.id)).toContain(sealed.id);
    expect(await historyIds('', 'file')).not.toContain(sealed.id);
  });

  test('an encrypted clip takes only base64url text, on create, PUT and the socket edit; a plain clip anything', async () => {
    const refusedCreate = await testApp.as(owner).post('/api/clipboard', { content: 'plain words', encrypted: true });
    expect(refusedCreate.statusCode).toBe(400);
    expect(refusedCreate.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });

    const key = sealing.ShareKey.generate();
    const clip = await createEncrypted(await sealing.encryptText('first', key));
    const refusedPut = await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: 'now in clear' });
    expect(refusedPut.statusCode).toBe(400);
    expect(refusedPut.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    // A stale version changes nothing: the content is refused first, whatever the version.
    const refusedStale = await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: 'a b', version: 99 });
    expect(refusedStale.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const ownerSocket = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const viewer = await sockets.connect(baseUrl);
    await new Promise((resolve) => viewer.emit('clip:join', { clipId: clip.id }, resolve));
    const refusedEmit = await new Promise<AckResult>((resolve) =>
      ownerSocket.emit('clip-content-update', { clipId: clip.id, content: 'typed in clear!' }, resolve),
    );
    expect(refusedEmit).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json()).toMatchObject({ version: 1 });

    // A new envelope is saved either way, and viewers hear ciphertext.
    const second = await sealing.encryptText('second', key);
    const heardSecond = nextEvent(viewer, 'clip-content-updated');
    const saved = await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: second, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await heardSecond).toEqual({ clipId: clip.id, content: second, version: 2 });
    const third = await sealing.encryptText('third', key);
    const heard = nextEvent(viewer, 'clip-content-updated');
    const accepted = await new Promise<AckResult>((resolve) =>
      ownerSocket.emit('clip-content-update', { clipId: clip.id, content: third, version: 2 }, resolve),
    );
    expect(accepted).toEqual({ ok: true });
    expect(await heard).toEqual({ clipId: clip.id, content: third, version: 3 });
    expect(await sealing.decryptText(third, key)).toBe('third');

    const plain = await testApp.factory.clip({ owner, content: 'plain' });
    expect(
      (await testApp.as(owner).put(`/api/clipboard/${plain.id}`, { content: 'still plain, with spaces!' })).statusCode,
    ).toBe(200);
    expect(
      (await testApp.as(owner).put(`/api/clipboard/${plain.id}`, { content: 'base64urlLooking_text' })).statusCode,
    ).toBe(200);
  });

  test('a plain clip keeps its files’ names and types', async () => {
    const plain = await testApp.factory.clip({ owner, content: 'with a named file' });
    await testApp.factory.file({ owner, clipId: plain.id, name: 'minutes.txt', type: 'text/plain' });
    const [row] = await testApp.context.db.select().from(clips).where(eq(clips.id, plain.id));
    expect(row).toMatchObject({ encrypted: false, fileNames: 'minutes.txt' });
    const answer = (await testApp.as(owner).get(`/api/clipboard/${plain.id}`)).json() as Clip;
    expect(answer.files).toEqual([expect.objectContaining({ name: 'minutes.txt', type: 'text/plain' })]);
  });

  test("the owner's devices are told a new or saved clip is encrypted; plain clips' payloads are unchanged", async () => {
    const device = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const created = nextEvent(device, 'clip-created');
    const key = sealing.ShareKey.generate();
    const clip = await createEncrypted(await sealing.encryptText('for my devices', key));
    expect(await created).toMatchObject({ clipId: clip.id, encrypted: true });

    const updated = nextEvent(device, 'clip-update');
    await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: await sealing.encryptText('again', key) });
    expect(await updated).toMatchObject({ clipId: clip.id, encrypted: true });

    const plainCreated = nextEvent(device, 'clip-created');
    const plain = (await testApp.as(owner).post('/api/clipboard', { content: 'plain' })).json() as Clip;
    const payload = await plainCreated;
    expect(payload.clipId).toBe(plain.id);
    expect(payload).not.toHaveProperty('encrypted');
  });

  test("the clip's page is the app's neutral page: nothing of the envelope in its tags", async () => {
    const envelope = await sealing.encryptText(TEXT, sealing.ShareKey.generate());
    const clip = await createEncrypted(envelope);
    const page = await testApp.app.inject({
      method: 'GET',
      url: `/clips/${clip.id}`,
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The app's index.html as this server serves it (the test server sells no plans: spa.ts marks it so).
    expect(page.body).toBe(markNoPayments(INDEX_HTML));
    expect(page.body).not.toContain(envelope.slice(0, 16));
    expect(page.body).toContain(
      '<meta name="description" content="ClipSync — share text and files between your devices, instantly." />',
    );
  });
});
