import { ITEM_TEXT_MAX_BYTES, type RoomContentItem } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
const KIB = 1024;
/** A small quota: three full room texts fit, a fourth does not. */
const QUOTA_BYTES = 200 * KIB;
const FULL_TEXT = 'x'.repeat(ITEM_TEXT_MAX_BYTES);

describe('room text is bounded and counts toward its author’s quota', () => {
  let testApp: TestApp;
  let owner: TestUser;
  const addText = (user: TestUser, roomId: string, content: string) =>
    testApp.as(user).post(`/api/rooms/${roomId}/content`, { content });
  const editText = (user: TestUser, roomId: string, contentId: string, content: string) =>
    testApp.as(user).patch(`/api/rooms/${roomId}/content/${contentId}`, { content });

  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA_BYTES), RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await testApp.factory.user();
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('a room text over 64 KiB of UTF-8 is refused, added or edited, with the limit in words', async () => {
    const room = await testApp.factory.room({ owner, name: 'Long texts' });
    const tooLong = await addText(owner, room.id, `${FULL_TEXT}x`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('64KB') });
    expect((await addText(owner, room.id, 'x'.repeat(1_000_000))).statusCode).toBe(400);
    // Counted in bytes: 32 768 two-byte characters are the whole limit, one more character is over it.
    expect((await addText(owner, room.id, 'é'.repeat(ITEM_TEXT_MAX_BYTES / 2 + 1))).statusCode).toBe(400);
    const added = await addText(owner, room.id, FULL_TEXT);
    expect(added.statusCode).toBe(201);
    const edited = await editText(owner, room.id, added.json<RoomContentItem>().id, `${FULL_TEXT}x`);
    expect(edited.statusCode).toBe(400);
    expect(edited.json().code).toBe('VALIDATION_FAILED');
  });

  test('a member’s texts fill their own quota: the next text, or an edit that grows one, is a 413', async () => {
    const roomOwner = await testApp.factory.user();
    const member = await testApp.factory.user();
    const room = await testApp.factory.room({ owner: roomOwner, name: 'Quota' });
    await testApp.factory.roomMember({ by: roomOwner, roomId: room.id, member });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await addText(member, room.id, FULL_TEXT);
      expect(added.statusCode).toBe(201);
      ids.push(added.json<RoomContentItem>().id);
    }
    const refused = await addText(member, room.id, FULL_TEXT);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      error: 'Your files and text may take up to 200KB in total. Delete some to make room for this one.',
    });
    // The room's owner is not charged for what a member wrote.
    expect((await addText(roomOwner, room.id, FULL_TEXT)).statusCode).toBe(201);

    const [first = '', second = ''] = ids;
    const shorter = 'x'.repeat(ITEM_TEXT_MAX_BYTES - 16 * KIB);
    expect((await editText(member, room.id, first, shorter)).statusCode).toBe(200);
    expect((await editText(member, room.id, second, shorter)).statusCode).toBe(200);
    // An edit that grows a text and still fits goes through.
    expect((await editText(member, room.id, first, FULL_TEXT)).statusCode).toBe(200);
    expect((await addText(member, room.id, 'x'.repeat(24 * KIB))).statusCode).toBe(201);
    // The quota is now full to the byte: growing a text by one byte is refused.
    const grown = await editText(member, room.id, second, `${shorter}x`);
    expect(grown.statusCode).toBe(413);
    expect(grown.json().code).toBe('QUOTA_EXCEEDED');
    // Deleting makes room again.
    expect((await testApp.as(member).delete(`/api/rooms/${room.id}/content/${first}`)).statusCode).toBe(204);
    expect((await addText(member, room.id, FULL_TEXT)).statusCode).toBe(201);
  });

  test('an edit that does not grow a text goes through even when the quota is full', async () => {
    const member = await testApp.factory.user();
    const room = await testApp.factory.room({ owner: member, name: 'Full' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await addText(member, room.id, FULL_TEXT)).json<RoomContentItem>().id);
    expect((await addText(member, room.id, 'x'.repeat(QUOTA_BYTES - 3 * ITEM_TEXT_MAX_BYTES))).statusCode).toBe(201);
    expect((await addText(member, room.id, 'x')).statusCode).toBe(413);
    const [first = ''] = ids;
    expect((await editText(member, room.id, first, 'y'.repeat(ITEM_TEXT_MAX_BYTES))).statusCode).toBe(200);
    expect((await editText(member, room.id, first, 'shorter')).statusCode).toBe(200);
  });
});
