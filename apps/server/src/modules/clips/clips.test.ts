import { MAX_UPLOAD_BYTES, type Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { storedFilesIn } from '../../../test/stored-files';
import type { TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { newId } from '../../lib/secure-tokens';

describe('clips API', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    [owner, other] = [await testApp.factory.user(), await testApp.factory.user()];
  });
  afterAll(() => testApp.close());

  const createClip = (content: string) => testApp.factory.clip({ owner, content });
  const upload = (user: TestUser | null, clipId: string, name: string, type: string, content: Buffer) => {
    const body = multipartFile('file', name, type, content);
    return testApp.as(user).inject('POST', `/api/clipboard/${clipId}/files`, body.payload, body.headers);
  };
  const storedFiles = () => storedFilesIn(testApp.config.dataDir);

  test("a clip's page names its owner to whoever opens the link; the lists do not carry it", async () => {
    const alice = await testApp.factory.user({ name: 'Alice Martin' });
    const clip = await testApp.factory.clip({ owner: alice, content: 'from Alice' });
    for (const caller of [null, other, alice]) {
      const res = await testApp.as(caller).get(`/api/clipboard/${clip.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().ownerName).toBe('Alice Martin');
    }
    const [listed] = (await testApp.as(alice).get('/api/clipboard/history')).json();
    expect(listed.id).toBe(clip.id);
    expect(listed).not.toHaveProperty('ownerName');
  });

  test('a clip has its API shape, camelCase and snake_case', async () => {
    const clip = await createClip('hello world');
    expect(clip).toMatchObject({
      content: 'hello world',
      userId: owner.id,
      isFavorite: false,
      is_favorite: false,
      files: [],
    });
    expect(clip.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(clip.created_at).toBe(clip.createdAt);
    expect(clip.updated_at).toBe(clip.updatedAt);
  });

  test('the alternate save path takes { content, type }', async () => {
    const res = await testApp.as(owner).inject('POST', '/api/clipboard', { content: 'typed', type: 'text' });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe('typed');
  });

  test('anyone with the link reads a clip; a forged id is 404, a malformed one 400', async () => {
    const clip = await createClip('readable');
    for (const reader of [owner, other, null]) {
      const res = await testApp.as(reader).inject('GET', `/api/clipboard/${clip.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toBe('readable');
    }
    expect((await testApp.as(owner).inject('GET', `/api/clipboard/${newId()}`)).statusCode).toBe(404);
    expect((await testApp.as(owner).inject('GET', '/api/clipboard/short')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  test.each([
    ['update', 'PUT', '', { content: 'changed' }],
    ['favourite', 'POST', '/favorite', undefined],
    ['delete', 'DELETE', '', undefined],
  ] as const)(
    'only the owner may %s: other 403, signed out 401, forged id 404',
    async (_name, method, suffix, payload) => {
      const clip = await createClip('guarded');
      expect((await testApp.as(other).inject(method, `/api/clipboard/${clip.id}${suffix}`, payload)).statusCode).toBe(
        403,
      );
      expect((await testApp.as(null).inject(method, `/api/clipboard/${clip.id}${suffix}`, payload)).statusCode).toBe(
        401,
      );
      expect((await testApp.as(owner).inject(method, `/api/clipboard/${newId()}${suffix}`, payload)).statusCode).toBe(
        404,
      );
      expect(
        (await testApp.as(owner).inject(method, `/api/clipboard/${clip.id}${suffix}`, payload)).statusCode,
      ).toBeLessThan(300);
    },
  );

  test('favourite toggles and answers isFavorite', async () => {
    const clip = await createClip('fav');
    expect((await testApp.as(owner).inject('POST', `/api/clipboard/${clip.id}/favorite`)).json()).toEqual({
      isFavorite: true,
    });
    expect((await testApp.as(owner).inject('POST', `/api/clipboard/${clip.id}/favorite`)).json()).toEqual({
      isFavorite: false,
    });
  });

  test('files: owner uploads, anyone lists and downloads with safe headers; others cannot change them', async () => {
    const clip = await createClip('with files');
    const text = await upload(owner, clip.id, 'notes <1>.html', 'text/html', Buffer.from('<script>alert(1)</script>'));
    expect(text.statusCode).toBe(201);
    expect(text.json().file).toMatchObject({ name: 'notes <1>.html', size: 25, type: 'text/html' });
    expect((await upload(other, clip.id, 'x.txt', 'text/plain', Buffer.from('x'))).statusCode).toBe(403);
    expect((await upload(null, clip.id, 'x.txt', 'text/plain', Buffer.from('x'))).statusCode).toBe(401);

    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    expect((await upload(owner, clip.id, 'pic.png', 'image/png', png)).statusCode).toBe(201);
    const listed = await testApp.as(null).inject('GET', `/api/clipboard/${clip.id}/files`);
    const [htmlFile, pngFile] = listed.json().files;
    expect(listed.json().files).toHaveLength(2);

    const download = await testApp.as(null).inject('GET', htmlFile.url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('<script>alert(1)</script>');
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="notes <1>.html"; filename*=UTF-8''notes%20%3C1%3E.html`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const image = await testApp.as(null).inject('GET', pngFile.url);
    expect(image.headers['content-type']).toBe('image/png');
    expect(String(image.headers['content-disposition'])).toMatch(/^inline/);

    expect((await testApp.as(other).inject('DELETE', `/api/clipboard/${clip.id}/files/${pngFile.id}`)).statusCode).toBe(
      403,
    );
    expect((await testApp.as(owner).inject('DELETE', `/api/clipboard/${clip.id}/files/${pngFile.id}`)).statusCode).toBe(
      204,
    );
    expect((await testApp.as(null).inject('GET', pngFile.url)).statusCode).toBe(404);
  });

  test('10485761 bytes is a 413 and leaves nothing behind; 10485760 is accepted', async () => {
    const clip = await createClip('big');
    const before = await storedFiles();
    const tooLarge = await upload(
      owner,
      clip.id,
      'big.bin',
      'application/octet-stream',
      Buffer.alloc(MAX_UPLOAD_BYTES + 1),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles()).toEqual(before);
    expect((await testApp.as(owner).inject('GET', `/api/clipboard/${clip.id}`)).json().files).toEqual([]);

    const exact = await upload(owner, clip.id, 'exact.bin', 'application/octet-stream', Buffer.alloc(MAX_UPLOAD_BYTES));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().file.size).toBe(MAX_UPLOAD_BYTES);
  });

  test('deleting a clip deletes its files from storage', async () => {
    const clip = await createClip('doomed');
    await upload(owner, clip.id, 'a.txt', 'text/plain', Buffer.from('aaa'));
    const withFile = (await storedFiles()).kept.length;
    expect((await testApp.as(owner).inject('DELETE', `/api/clipboard/${clip.id}`)).statusCode).toBe(204);
    expect((await storedFiles()).kept.length).toBe(withFile - 1);
    expect((await testApp.as(owner).inject('GET', `/api/clipboard/${clip.id}`)).statusCode).toBe(404);
  });

  test('a clip says what its caller may do: everything for its owner, nothing for anyone else', async () => {
    const clip = await createClip('abilities');
    const all = { update: true, delete: true, favorite: true, upload: true };
    const none = { update: false, delete: false, favorite: false, upload: false };
    expect(clip.abilities).toEqual(all);
    expect((await testApp.as(owner).inject('GET', `/api/clipboard/${clip.id}`)).json().abilities).toEqual(all);
    expect((await testApp.as(other).inject('GET', `/api/clipboard/${clip.id}`)).json().abilities).toEqual(none);
    expect((await testApp.as(null).inject('GET', `/api/clipboard/${clip.id}`)).json().abilities).toEqual(none);
    const history = (await testApp.as(owner).inject('GET', '/api/clipboard/history?search=abilities')).json() as Clip[];
    expect(history.map((listed) => listed.abilities)).toEqual([all]);
  });
});
