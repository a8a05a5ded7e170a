import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { roomInvitations, roomRemovals } from '../../db/schema';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

describe('a removed member stays out', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let removed: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    [owner, member, removed, outsider] = [
      await testApp.factory.user(),
      await testApp.factory.user(),
      await testApp.factory.user(),
      await testApp.factory.user(),
    ];
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  /** A room of the owner's with `member` in it and `removed` taken out by the owner. */
  const roomWithRemoval = async (isPrivate: boolean) => {
    const room = await testApp.factory.room({ owner, isPrivate });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member: removed });
    await testApp.api(owner).call(ROOM_ENDPOINTS.removeMember, { params: { id: room.id, memberId: removed.id } });
    return room;
  };
  const detailOf = (roomId: string) => testApp.api(owner).call(ROOM_ENDPOINTS.get, { params: { id: roomId } });
  const memberIdsOf = async (roomId: string) => (await detailOf(roomId)).members.map((m) => m.id);

  /** Accepts the pending invitation of `invitee` to the room, as the mailed link would. */
  const acceptAs = async (invitee: TestUser, roomId: string) => {
    const token = newSecretToken();
    await testApp.context.db
      .update(roomInvitations)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(roomInvitations.roomId, roomId), eq(roomInvitations.email, invitee.email)));
    return testApp.as(invitee).post('/api/rooms/invitations/accept', { token });
  };

  test('removing someone replaces the invite link; the new one does not let them back, others still join', async () => {
    const room = await roomWithRemoval(true);
    const { shareToken } = await detailOf(room.id);
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shareToken).not.toBe(room.shareToken);
    expect((await testApp.as(removed).post('/api/rooms/join', { shareToken: room.shareToken })).statusCode).toBe(404);

    const refused = await testApp.as(removed).post('/api/rooms/join', { shareToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringMatching(/removed/) });
    expect(await memberIdsOf(room.id)).not.toContain(removed.id);
    expect((await testApp.as(outsider).post('/api/rooms/join', { shareToken })).json()).toMatchObject({ joined: true });
  });

  test('opening a public room joins an outsider, not someone the owner removed', async () => {
    const room = await roomWithRemoval(false);
    const opened = await testApp.as(removed).get(`/api/rooms/${room.id}`);
    expect(opened.statusCode).toBe(403);
    expect(opened.json().code).toBe('FORBIDDEN');
    expect(await memberIdsOf(room.id)).not.toContain(removed.id);
    const activity = await testApp.api(owner).call(ROOM_ENDPOINTS.activity, { params: { id: room.id } });
    expect(activity.map((entry) => entry.type)).not.toContain('member_join');
  });

  test('a member cannot invite them back, and an invitation of theirs from before does not work', async () => {
    const room = await roomWithRemoval(true);
    const again = await testApp.as(member).post(`/api/rooms/${room.id}/members`, { email: removed.email });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'FORBIDDEN' });

    // A member's invitation written before the removal (or by a race) is refused when accepted.
    await testApp.context.db
      .update(roomInvitations)
      .set({ invitedBy: member.id, acceptedAt: null })
      .where(and(eq(roomInvitations.roomId, room.id), eq(roomInvitations.email, removed.email)));
    const accepted = await acceptAs(removed, room.id);
    expect(accepted.statusCode).toBe(403);
    expect(await memberIdsOf(room.id)).not.toContain(removed.id);
  });

  test("the owner's invitation lets them back once accepted, and ends the removal", async () => {
    const room = await roomWithRemoval(true);
    const invited = await testApp.as(owner).post(`/api/rooms/${room.id}/members`, { email: removed.email });
    expect(invited.statusCode).toBe(202);
    expect(await memberIdsOf(room.id)).not.toContain(removed.id);
    const accepted = await acceptAs(removed, room.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ roomId: room.id, id: room.id, joined: true });
    expect(await memberIdsOf(room.id)).toContain(removed.id);
    const removals = await testApp.context.db
      .select()
      .from(roomRemovals)
      .where(and(eq(roomRemovals.roomId, room.id), eq(roomRemovals.userId, removed.id)));
    expect(removals).toEqual([]);
  });

  test('an invitation the owner sent before the removal is gone with it, and lets nobody back', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: false });
    await testApp
      .api(owner)
      .call(ROOM_ENDPOINTS.addMember, { params: { id: room.id }, body: { email: removed.email } });
    // They come in another way (opening the public room) while the mailed invitation still waits.
    expect((await testApp.as(removed).get(`/api/rooms/${room.id}`)).statusCode).toBe(200);
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${removed.id}`)).statusCode).toBe(204);

    expect((await acceptAs(removed, room.id)).statusCode).toBe(404);
    expect(await memberIdsOf(room.id)).not.toContain(removed.id);
  });

  test('someone who left on their own may come back by the link', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    expect((await testApp.as(member).post(`/api/rooms/${room.id}/leave`)).statusCode).toBe(204);
    const rejoined = await testApp.as(member).post('/api/rooms/join', { shareToken: room.shareToken });
    expect(rejoined.json()).toMatchObject({ joined: true });
  });
});
