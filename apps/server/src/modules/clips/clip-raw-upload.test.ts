import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { FILE_NAME_HEADER, FILE_TYPE_HEADER, MAX_UPLOAD_BYTES, type Clip } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { storedFilesIn } from '../../../test/stored-files';
import { type TestUser } from '../../../test/factories';
import { eventually, putInChunks } from '../../../test/real-socket-upload';
import { clipFiles } from '../../db/schema';

const MIB = 1024 * 1024;
const OCTETS = { 'content-type': 'application/octet-stream' };

describe('PUT /api/clipboard/:id/files: the raw-body upload', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let base: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(24 * MIB) });
    owner = await testApp.factory.user();
    other = await testApp.factory.user();
    base = await testApp.listen();
  });
  afterAll(() => testApp.close());

  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.tokens.access_token}` });
  const createClip = async (user = owner): Promise<Clip> =>
    (await testApp.as(user).post('/api/clipboard', { content: 'raw upload' })).json();
  const put = (user: TestUser | null, clipId: string, body: Buffer, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/clipboard/${clipId}/files`,
      payload: body,
      headers: { ...OCTETS, ...(user ? auth(user) : {}), ...headers },
    });
  const named = (name: string) => ({ [FILE_NAME_HEADER]: encodeURIComponent(name) });

  const storedFiles = () => storedFilesIn(testApp.config.dataDir);
  const rowsOf = (clipId: string) => testApp.context.db.select().from(clipFiles).where(eq(clipFiles.clipId, clipId));

  test('stores the body as the file and answers as the multipart route does', async () => {
    const clip = await createClip();
    const content = randomBytes(300_000);
    const res = await put(owner, clip.id, content, { ...named('Отчёт 2024 (1).png'), [FILE_TYPE_HEADER]: 'image/png' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.file).toMatchObject({ name: 'Отчёт 2024 (1).png', size: content.length, type: 'image/png' });
    expect(answer.url).toBe(answer.file.url);

    const download = await testApp.as(owner).inject('GET', answer.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');

    // The same answer as the multipart POST gives, and the clip now lists the file.
    const listed = (await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json() as Clip;
    expect(listed.files).toEqual([answer.file]);
  });

  test('without X-File-Type the file is bytes; an unusable type is too', async () => {
    const clip = await createClip();
    const plain = await put(owner, clip.id, Buffer.from('x'), named('a.bin'));
    expect(plain.json().file.type).toBe('application/octet-stream');
    const odd = await put(owner, clip.id, Buffer.from('x'), { ...named('b.bin'), [FILE_TYPE_HEADER]: 'not a type' });
    expect(odd.json().file.type).toBe('application/octet-stream');
  });

  test('a name longer than 255 units is cut as the multipart route cuts it', async () => {
    const res = await put(owner, (await createClip()).id, Buffer.from('x'), named('n'.repeat(300)));
    expect(res.statusCode).toBe(201);
    expect(res.json().file.name).toBe('n'.repeat(255));
  });

  test.each([
    ['missing', {}],
    ['empty', { [FILE_NAME_HEADER]: '' }],
    ['not percent-encoded UTF-8', { [FILE_NAME_HEADER]: '%E0%A4%A' }],
    ['a path', named('../etc/passwd')],
    ['a Windows path', named('..\\win.ini')],
    ['a line break', named('a\r\nSet-Cookie: x=1.txt')],
    ['a NUL', named('a\u0000.txt')],
    ['over the encoded bound', named('报'.repeat(300))],
  ])('a name header %s is a 400 and stores nothing', async (_label, headers) => {
    const clip = await createClip();
    const before = await storedFiles();
    const res = await put(owner, clip.id, Buffer.from('x'), headers);
    expect(res.statusCode).toBe(400);
    // Worded as every refused input is (lib/describe-first-issue.ts): where it came from, then the field.
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: expect.stringMatching(/^Invalid headers\.x-file-name: /),
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(clip.id)).toEqual([]);
  });

  test('another content type is a 415', async () => {
    const res = await put(owner, (await createClip()).id, Buffer.from('x'), {
      ...named('a.txt'),
      'content-type': 'text/plain',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('exactly 10 MB is stored; a declared Content-Length over it is a 413 before the body is read', async () => {
    const clip = await createClip();
    const exact = await put(owner, clip.id, Buffer.alloc(MAX_UPLOAD_BYTES, 7), named('exact.bin'));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().file.size).toBe(MAX_UPLOAD_BYTES);
    const before = await storedFiles();

    // Only the header says 10 MB + 1: were the body read, its one byte would be stored. Refused unread.
    const res = await put(owner, clip.id, Buffer.from('x'), {
      ...named('big.bin'),
      'content-length': String(MAX_UPLOAD_BYTES + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('10MB') });
    expect(res.headers.connection).toBe('close');
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(clip.id)).toHaveLength(1);
  });

  test('a chunked body passing 10 MB is a 413 and leaves no file, temporary or kept, and no row', async () => {
    const clip = await createClip();
    const before = await storedFiles();
    const chunks = Array.from({ length: 11 }, () => Buffer.alloc(MIB, 3));
    const res = await putInChunks(
      base,
      `/api/clipboard/${clip.id}/files`,
      { ...OCTETS, ...auth(owner), ...named('big.bin') },
      chunks,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // The rest of the refused body is read and dropped rather than reset (lib/single-upload.test.ts).
    expect(res.headers.connection).toBe('keep-alive');
    await eventually(async () => (await storedFiles()).temporary.length === 0, 'the temporary file to go');
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(clip.id)).toEqual([]);
  });

  test('a chunked body within 10 MB is stored whole', async () => {
    const clip = await createClip();
    const chunks = Array.from({ length: 5 }, () => randomBytes(256 * 1024));
    const res = await putInChunks(
      base,
      `/api/clipboard/${clip.id}/files`,
      { ...OCTETS, ...auth(owner), ...named('c.bin') },
      chunks,
    );
    expect(res.status, res.body).toBe(201);
    const download = await testApp.as(owner).inject('GET', JSON.parse(res.body).url);
    expect(download.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
  });

  test('an upload the client abandons halfway leaves no temporary file and no row', async () => {
    const clip = await createClip();
    const before = await storedFiles();
    const outgoing = httpRequest(`${base}/api/clipboard/${clip.id}/files`, {
      method: 'PUT',
      headers: { ...OCTETS, ...auth(owner), ...named('half.bin'), 'content-length': String(4 * MIB) },
    });
    outgoing.on('error', () => undefined);
    outgoing.write(Buffer.alloc(MIB, 5));
    // The store has begun writing the file: the abort below happens mid-stream, not before the handler ran.
    await eventually(async () => (await storedFiles()).temporary.length === 1, 'the upload to reach the store');
    outgoing.destroy();
    await eventually(async () => (await storedFiles()).temporary.length === 0, 'the temporary file to go');
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(clip.id)).toEqual([]);
    // The server is fine afterwards.
    expect((await put(owner, clip.id, Buffer.from('ok'), named('after.bin'))).statusCode).toBe(201);
  });

  test('signed out is a 401, another user a 403, an unknown or malformed clip id a 404 or 400', async () => {
    const clip = await createClip();
    const signedOut = await put(null, clip.id, Buffer.from('x'), named('a.bin'));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe('UNAUTHORIZED');
    const stranger = await put(other, clip.id, Buffer.from('x'), named('a.bin'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
    expect((await put(owner, 'a'.repeat(22), Buffer.from('x'), named('a.bin'))).statusCode).toBe(404);
    expect((await put(owner, 'not-an-id', Buffer.from('x'), named('a.bin'))).statusCode).toBe(400);
    expect(await rowsOf(clip.id)).toEqual([]);
  });

  test('the quota counts raw uploads like multipart ones', async () => {
    const user = await testApp.factory.user();
    const clip = await createClip(user);
    // A 24 MB quota: 20 MB fit, 4 MB + 1 byte more does not, 4 MB less the clip's text does.
    for (const name of ['a.bin', 'b.bin']) {
      expect((await put(user, clip.id, Buffer.alloc(MAX_UPLOAD_BYTES), named(name))).statusCode).toBe(201);
    }
    const refused = await put(user, clip.id, Buffer.alloc(4 * MIB + 1), named('c.bin'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect(await rowsOf(clip.id)).toHaveLength(2);
    const rest = 4 * MIB - Buffer.byteLength(clip.content);
    expect((await put(user, clip.id, Buffer.alloc(rest), named('c.bin'))).statusCode).toBe(201);
    // Now full: refused before the body is read, and the connection closed.
    const full = await put(user, clip.id, Buffer.alloc(1), named('d.bin'));
    expect(full.statusCode).toBe(413);
    expect(full.headers.connection).toBe('close');
  });

  test('the multipart POST still works beside it', async () => {
    const res = await testApp.factory.file({ owner, clipId: (await createClip()).id, name: 'm.txt' });
    expect(res.file.name).toBe('m.txt');
  });
});
