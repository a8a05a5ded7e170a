import {
  DESKTOP_ENDPOINTS,
  ROOM_ENDPOINTS,
  TAKEN_DOWN_MESSAGE,
  type ClipFile,
  type DesktopItem,
} from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { multipartFile } from '../../../../test/multipart';

describe("a disabled account's shared items answer as taken down", () => {
  let testApp: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  const disable = (user: TestUser) => testApp.as(admin).put(`/api/admin/users/${user.id}/disabled`);
  const enable = (user: TestUser) => testApp.as(admin).inject('DELETE', `/api/admin/users/${user.id}/disabled`);
  const statusOf = async (read: Promise<{ statusCode: number }>) => (await read).statusCode;

  test("a clip's link (its answer remembered in memory) and its files: 410 while disabled, 200 once enabled", async () => {
    const owner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner, content: 'shared by someone who left' });
    const withFile = await testApp.factory.clip({ owner, content: 'with a file' });
    await testApp.factory.file({ owner, clipId: withFile.id, name: 'f.txt', content: Buffer.from('f') });
    const [file] = (await testApp.as(owner).get(`/api/clipboard/${withFile.id}`)).json<{ files: ClipFile[] }>().files;
    const stranger = await testApp.factory.user();
    // Read twice signed out: the second is answered from memory on the embedded database.
    for (let read = 0; read < 2; read += 1) {
      expect(await statusOf(testApp.as(null).get(`/api/clipboard/${clip.id}`))).toBe(200);
    }
    expect(await statusOf(testApp.as(null).get(file!.url))).toBe(200);

    expect((await disable(owner)).statusCode).toBe(200);
    for (const caller of [null, stranger]) {
      const read = await testApp.as(caller).get(`/api/clipboard/${clip.id}`);
      expect(read.statusCode).toBe(410);
      expect(read.json()).toMatchObject({ code: 'TAKEN_DOWN', error: TAKEN_DOWN_MESSAGE });
    }
    expect(await statusOf(testApp.as(null).get(file!.url))).toBe(410);

    expect((await enable(owner)).statusCode).toBe(200);
    expect(await statusOf(testApp.as(null).get(`/api/clipboard/${clip.id}`))).toBe(200);
    expect(await statusOf(testApp.as(null).get(file!.url))).toBe(200);
  });

  test('a shared desktop and the file links its viewers hold: 410 while disabled, 200 once enabled', async () => {
    const owner = await testApp.factory.user();
    await testApp.factory.desktop({ owner });
    const { shareToken } = await testApp.api(owner).call(DESKTOP_ENDPOINTS.share);
    const body = multipartFile('file', 'd.txt', 'application/octet-stream', Buffer.from('desktop bytes'));
    const uploaded = await testApp
      .as(owner)
      .inject('POST', '/api/virtual-desktop/items/file', body.payload, body.headers);
    const fileUrl = uploaded.json<DesktopItem>().file_url!;
    const sharedPath = `/api/virtual-desktop/shared/${shareToken}`;
    expect(await statusOf(testApp.as(null).get(sharedPath))).toBe(200);

    expect((await disable(owner)).statusCode).toBe(200);
    const shared = await testApp.as(null).get(sharedPath);
    expect(shared.statusCode).toBe(410);
    expect(shared.json()).toMatchObject({ code: 'TAKEN_DOWN', error: TAKEN_DOWN_MESSAGE });
    expect(await statusOf(testApp.as(null).get(fileUrl))).toBe(410);

    expect((await enable(owner)).statusCode).toBe(200);
    expect(await statusOf(testApp.as(null).get(sharedPath))).toBe(200);
    expect(await statusOf(testApp.as(null).get(fileUrl))).toBe(200);
  });

  test("a room: its members' reads, its files and its link's preview answer 410 while its owner is disabled", async () => {
    const owner = await testApp.factory.user();
    const member = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Left behind' });
    const { shareToken } = await testApp.api(owner).call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const upload = multipartFile('file', 'r.txt', 'text/plain', Buffer.from('room bytes'));
    await testApp.as(owner).inject('POST', `/api/rooms/${room.id}/upload`, upload.payload, upload.headers);
    const listed = await testApp.as(member).get(`/api/rooms/${room.id}/content`);
    const fileUrl = JSON.stringify(listed.json()).match(/"(\/api\/rooms\/[^"]+\?[^"]+)"/)?.[1] ?? '';
    expect(fileUrl).not.toBe('');
    const preview = () => testApp.as(null).post('/api/rooms/link-preview', { kind: 'join', token: shareToken });
    // Read once first: the member's detail is then remembered in memory.
    expect(await statusOf(testApp.as(member).get(`/api/rooms/${room.id}`))).toBe(200);
    expect(await statusOf(preview())).toBe(200);

    expect((await disable(owner)).statusCode).toBe(200);
    const read = await testApp.as(member).get(`/api/rooms/${room.id}`);
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({ code: 'TAKEN_DOWN', error: TAKEN_DOWN_MESSAGE });
    expect(await statusOf(testApp.as(member).get(`/api/rooms/${room.id}/content`))).toBe(410);
    expect(await statusOf(testApp.as(null).get(fileUrl))).toBe(410);
    expect(await statusOf(preview())).toBe(410);

    expect((await enable(owner)).statusCode).toBe(200);
    expect(await statusOf(testApp.as(member).get(`/api/rooms/${room.id}`))).toBe(200);
    expect(await statusOf(testApp.as(null).get(fileUrl))).toBe(200);
    expect(await statusOf(preview())).toBe(200);
  });
});
