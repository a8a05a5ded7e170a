import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, type RoomContentItem, type RoomDetail } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

const MIB = 1024 * 1024;

describe('room content and files', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let room: RoomDetail;

  const upload = (user: TestUser, roomId: string, name: string, content: Buffer, type = 'application/octet-stream') => {
    const body = multipartFile('file', name, type, content);
    return testApp.as(user).inject('POST', `/api/rooms/${roomId}/upload`, body.payload, body.headers);
  };
  /** Stored files on disk (temporary ones excluded). */
  const keptFiles = async (): Promise<number> => {
    const root = join(testApp.config.dataDir, 'files');
    const dirs = (await readdir(root)).filter((name) => name !== 'tmp');
    return (await Promise.all(dirs.map((dir) => readdir(join(root, dir))))).flat().length;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(12 * MIB) });
    [owner, member] = [await testApp.factory.user(), await testApp.factory.user()];
    room = await testApp.factory.room({ owner, name: 'Files', isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('text: non-blank, the author edits it, others may not; files are not edited', async () => {
    expect((await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: ' \n ' })).statusCode).toBe(400);
    expect((await testApp.as(member).post(`/api/rooms/${room.id}/content`, {})).statusCode).toBe(400);
    const wrongType = await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: 'x', type: 'file' });
    expect(wrongType.statusCode).toBe(400);
    const added = await testApp.as(member).post(`/api/rooms/${room.id}/content`, { content: 'draft', type: 'text' });
    expect(added.statusCode).toBe(201);
    const item: RoomContentItem = added.json();
    expect(item).toMatchObject({
      type: 'text',
      content: 'draft',
      file_name: null,
      file_url: null,
      user: { id: member.id, email: member.email },
      abilities: { edit: true, delete: true },
    });

    const byOwner = await testApp.as(owner).patch(`/api/rooms/${room.id}/content/${item.id}`, { content: 'mine' });
    expect(byOwner.statusCode).toBe(403);
    const edited = await testApp.as(member).patch(`/api/rooms/${room.id}/content/${item.id}`, { content: 'final' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: item.id, content: 'final' });
    const blank = await testApp.as(member).patch(`/api/rooms/${room.id}/content/${item.id}`, { content: '' });
    expect(blank.statusCode).toBe(400);

    const file = (await upload(member, room.id, 'a.txt', Buffer.from('abc'), 'text/plain')).json();
    expect(file.item.abilities).toEqual({ edit: false, delete: true });
    const fileEdit = await testApp.as(member).patch(`/api/rooms/${room.id}/content/${file.item.id}`, { content: 'x' });
    expect(fileEdit.statusCode).toBe(400);
  });

  test('upload: 10 MB exactly is kept, one byte more is 413 and nothing is kept', async () => {
    const before = await keptFiles();
    const tooLarge = await upload(member, room.id, 'big.bin', Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      error: expect.stringContaining('exceeds the 10MB limit'),
      requestId: expect.any(String),
    });
    expect(await keptFiles()).toBe(before);

    const exact = await upload(member, room.id, 'exact.bin', Buffer.alloc(MAX_UPLOAD_BYTES));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().item).toMatchObject({ type: 'file', file_size: MAX_UPLOAD_BYTES, file_name: 'exact.bin' });
    expect(await keptFiles()).toBe(before + 1);
    await testApp.as(member).delete(`/api/rooms/${room.id}/content/${exact.json().item.id}`);
    expect(await keptFiles()).toBe(before);
  });

  test('the raw-body PUT stores as the multipart POST does; strangers and the signed-out are refused', async () => {
    const put = (user: TestUser | null, name: string, content: Buffer, headers: Record<string, string> = {}) =>
      testApp.as(user).inject('PUT', `/api/rooms/${room.id}/upload`, content, {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(name),
        'x-file-type': 'text/plain',
        ...headers,
      });
    const before = await keptFiles();
    const ok = await put(member, 'заметки.txt', Buffer.from('raw room bytes'));
    expect(ok.statusCode, ok.body).toBe(201);
    const { url, item } = ok.json();
    expect(item).toMatchObject({ type: 'file', file_name: 'заметки.txt', file_size: 14, user: { id: member.id } });
    expect(url).toBe(item.file_url);
    const download = await testApp.as(owner).inject('GET', url);
    expect(download.body).toBe('raw room bytes');
    expect(await keptFiles()).toBe(before + 1);

    const stranger = await testApp.factory.user();
    const refused = await put(stranger, 'x.txt', Buffer.from('x'));
    const viaMultipart = await upload(stranger, room.id, 'x.txt', Buffer.from('x'));
    expect(refused.statusCode).toBe(viaMultipart.statusCode);
    expect(refused.statusCode).toBeGreaterThanOrEqual(403);
    expect((await put(null, 'x.txt', Buffer.from('x'))).statusCode).toBe(401);
    expect((await put(member, 'a/b.txt', Buffer.from('x'))).statusCode).toBe(400);
    const tooLarge = await put(member, 'big.bin', Buffer.from('x'), { 'content-length': String(MAX_UPLOAD_BYTES + 1) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await keptFiles()).toBe(before + 1);
    await testApp.as(member).delete(`/api/rooms/${room.id}/content/${item.id}`);
  });

  test('a field other than "file" is 400', async () => {
    const body = multipartFile('upload', 'a.txt', 'text/plain', Buffer.from('abc'));
    const res = await testApp.as(member).inject('POST', `/api/rooms/${room.id}/upload`, body.payload, body.headers);
    expect(res.statusCode).toBe(400);
  });

  test('download: same headers as clip files; an HTML upload never renders', async () => {
    const html = (await upload(member, room.id, 'page.html', Buffer.from('<script>1</script>'), 'text/html')).json();
    const res = await testApp.as(owner).get(html.url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<script>1</script>');
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    });
    const png = (await upload(member, room.id, 'p.png', Buffer.from('png'), 'image/png')).json();
    expect((await testApp.as(owner).get(png.url)).headers['content-disposition']).toMatch(/^inline;/);
    expect(png.item.file_url).toBe(png.url);
  });

  test('a file’s signed link opens it without a bearer header, for a member only, for that file only', async () => {
    const image = (await upload(member, room.id, 'photo.png', Buffer.from('png bytes'), 'image/png')).json();
    const other = (await upload(member, room.id, 'other.txt', Buffer.from('other'))).json();
    expect(image.url).toMatch(/\?access=[\w-]+\.[\w-]+$/);
    const signedOut = testApp.as(null);
    const opened = await signedOut.get(image.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('png bytes');

    const [path] = image.url.split('?');
    const [otherPath, otherAccess] = other.url.split('?');
    expect((await signedOut.get(path)).statusCode).toBe(401);
    expect((await signedOut.get(`${path}?${otherAccess}`)).statusCode).toBe(401);
    expect((await signedOut.get(`${path}?access=forged.token`)).statusCode).toBe(401);
    expect((await signedOut.get(`${otherPath}?access=${'x'.repeat(300)}`)).statusCode).toBe(400);

    // The link names its member; once removed, their old links stop working.
    const leaver = await testApp.factory.user();
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member: leaver });
    const theirs = (await testApp.as(leaver).get(`/api/rooms/${room.id}`)).json() as RoomDetail;
    const theirLink = theirs.content.find((item) => item.id === image.item.id)?.file_url ?? '';
    expect((await signedOut.get(theirLink)).statusCode).toBe(200);
    await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${leaver.id}`);
    expect((await signedOut.get(theirLink)).statusCode).toBe(404);
  });

  test('a file’s signed link ends with the session it was given to; another session’s link keeps working', async () => {
    const file = (await upload(member, room.id, 'session.txt', Buffer.from('per session'))).json();
    const laptop = { tokens: await testApp.factory.session(member) };
    const phone = { tokens: await testApp.factory.session(member) };
    const linkOf = async (caller: { tokens: { access_token: string } }) => {
      const detail = (await testApp.as(caller).get(`/api/rooms/${room.id}`)).json() as RoomDetail;
      return detail.content.find((item) => item.id === file.item.id)?.file_url ?? '';
    };
    const [laptopLink, phoneLink] = [await linkOf(laptop), await linkOf(phone)];
    // One link per session (the room detail is remembered per session, not per user).
    expect(laptopLink).not.toBe(phoneLink);
    expect((await testApp.as(null).get(laptopLink)).statusCode).toBe(200);

    expect((await testApp.as(laptop).post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await testApp.as(null).get(laptopLink)).statusCode).toBe(401);
    expect((await testApp.as(null).get(phoneLink)).body).toBe('per session');
  });

  test('deleting an item deletes its stored file (content_deleted names it)', async () => {
    const before = await keptFiles();
    const file = (await upload(member, room.id, 'gone.txt', Buffer.from('bye'))).json();
    expect(await keptFiles()).toBe(before + 1);
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}/content/${file.item.id}`)).statusCode).toBe(204);
    expect(await keptFiles()).toBe(before);
    expect((await testApp.as(owner).get(file.url)).statusCode).toBe(404);
    const [entry] = (await testApp.as(owner).get(`/api/rooms/${room.id}/activity`)).json();
    expect(JSON.parse(entry.details)).toEqual({ contentType: 'file', fileName: 'gone.txt' });
  });

  test('deleting the room deletes every stored file of it', async () => {
    const doomed = await testApp.factory.room({ owner, name: 'Doomed' });
    await testApp.factory.roomMember({ by: owner, roomId: doomed.id, member });
    const before = await keptFiles();
    await upload(member, doomed.id, 'one.txt', Buffer.from('1'));
    await upload(owner, doomed.id, 'two.txt', Buffer.from('2'));
    expect(await keptFiles()).toBe(before + 2);
    expect((await testApp.as(owner).delete(`/api/rooms/${doomed.id}`)).statusCode).toBe(204);
    expect(await keptFiles()).toBe(before);
  });

  test('the storage quota counts clip files and room files together', async () => {
    const uploader = await testApp.factory.user();
    const own = await testApp.factory.room({ owner: uploader, name: 'Quota' });
    const clip = await testApp.factory.clip({ owner: uploader, content: 'x' });
    await testApp.factory.file({ owner: uploader, clipId: clip.id, content: Buffer.alloc(6 * MIB) });
    expect((await upload(uploader, own.id, 'five.bin', Buffer.alloc(5 * MIB))).statusCode).toBe(201);
    const refused = await upload(uploader, own.id, 'two.bin', Buffer.alloc(2 * MIB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    // And the other way round: room files count against a clip upload.
    const body = multipartFile('file', 'c.bin', 'application/octet-stream', Buffer.alloc(2 * MIB));
    const clipRefused = await testApp
      .as(uploader)
      .inject('POST', `/api/clipboard/${clip.id}/files`, body.payload, body.headers);
    expect(clipRefused.statusCode).toBe(413);
    expect(clipRefused.json().code).toBe('QUOTA_EXCEEDED');
  });
});
