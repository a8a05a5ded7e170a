import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { startSmtpSink } from '../../../test/smtp-sink';
import { roomInvitations } from '../../db/schema';
import { sweepExpiredInvitations } from './room-invitations.service';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

/** The token of a mailed invitation's room link (`/rooms/invite/{token}`). */
const inviteTokenOf = (links: string[]) => {
  const link = links.find((candidate) => candidate.includes('/rooms/invite/')) ?? '';
  return decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
};

describe('adding a member sends an invitation, whoever the address belongs to', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let testApp: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let known: TestUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await buildTestApp({
      SMTP_URL: sink.url,
      MAIL_COOLDOWN_SECONDS: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      ROOM_INVITATIONS_PER_HOUR: '30',
    });
    [owner, member, known] = [await testApp.factory.user(), await testApp.factory.user(), await testApp.factory.user()];
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await testApp?.close();
    await sink?.close();
  });

  const memberIdsOf = async (roomId: string) =>
    (await testApp.api(owner).call(ROOM_ENDPOINTS.get, { params: { id: roomId } })).members.map((m) => m.id);
  const pendingOf = (roomId: string, as = member) =>
    testApp.api(as).call(ROOM_ENDPOINTS.invitations, { params: { id: roomId } });
  const inviteAs = (by: TestUser, roomId: string, email: string) =>
    testApp.api(by).call(ROOM_ENDPOINTS.addMember, { params: { id: roomId }, body: { email } });

  test('a known and an unknown address get byte-identical answers, and each its mail', async () => {
    const room = await testApp.factory.room({ owner, name: 'Design' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const unknownEmail = `nobody-${room.id.slice(0, 6).toLowerCase()}@example.com`;
    const knownEmail = known.email;
    const invite = (email: string) => testApp.as(member).post(`/api/rooms/${room.id}/members`, { email });
    const [forKnown, forUnknown] = [await invite(knownEmail), await invite(unknownEmail)];
    expect(forKnown.statusCode).toBe(202);
    expect(forUnknown.statusCode).toBe(202);
    expect(forKnown.body).toBe(JSON.stringify({ invited: knownEmail }));
    expect(forUnknown.body).toBe(JSON.stringify({ invited: unknownEmail }));
    // What tells the two apart is the address itself, echoed: everything else is the same bytes.
    expect(forKnown.body.replace(knownEmail, 'X')).toBe(forUnknown.body.replace(unknownEmail, 'X'));
    // What differs from one request to the next whatever it asks: the clock (and the limit window's second)
    // and the caller's request count; the length differs by the address.
    const perRequest = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-length']);
    const headersOf = (res: typeof forKnown) => Object.entries(res.headers).filter(([name]) => !perRequest.has(name));
    expect(headersOf(forKnown)).toEqual(headersOf(forUnknown));
    expect(Number(forKnown.headers['content-length']) - knownEmail.length).toBe(
      Number(forUnknown.headers['content-length']) - unknownEmail.length,
    );
    // Nobody is a member before accepting: the member list does not tell either.
    expect(await memberIdsOf(room.id)).not.toContain(known.id);
    expect((await pendingOf(room.id)).map((invitation) => invitation.email).sort()).toEqual(
      [knownEmail, unknownEmail].sort(),
    );

    const toKnown = await sink.waitForMail(knownEmail);
    expect(toKnown.text).toContain('Design');
    expect(toKnown.links.some((link) => link.includes('/rooms/invite/'))).toBe(true);
    const toUnknown = await sink.waitForMail(unknownEmail);
    expect(toUnknown.text).toContain('Create your ClipSync account with this email address');
    expect(toUnknown.links.some((link) => link.includes('/auth?mode=register'))).toBe(true);
  });

  test('the existing account accepting by its link is a member; another account may not use the link', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    const invitee = await testApp.factory.user();
    expect((await testApp.as(owner).post(`/api/rooms/${room.id}/members`, { email: invitee.email })).statusCode).toBe(
      202,
    );
    const token = inviteTokenOf((await sink.waitForMail(invitee.email)).links);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    const [stored] = await testApp.context.db
      .select({ tokenHash: roomInvitations.tokenHash })
      .from(roomInvitations)
      .where(eq(roomInvitations.email, invitee.email));
    expect(stored?.tokenHash).not.toBe(token);

    const stranger = await testApp.as(known).post('/api/rooms/invitations/accept', { token });
    expect(stranger.statusCode).toBe(403);
    const accepted = await testApp.as(invitee).post('/api/rooms/invitations/accept', { token });
    expect(accepted.json()).toEqual({ roomId: room.id, id: room.id, joined: true });
    expect(await memberIdsOf(room.id)).toContain(invitee.id);
    expect(await pendingOf(room.id, owner)).toEqual([]);
    // The link keeps leading its member to the room.
    const again = await testApp.as(invitee).post('/api/rooms/invitations/accept', { token });
    expect(again.json()).toEqual({ roomId: room.id, id: room.id, joined: false });
    const activity = (await testApp.as(owner).get(`/api/rooms/${room.id}/activity`)).json();
    expect(activity[0]).toMatchObject({ type: 'member_added', user: { id: owner.id } });
    expect(JSON.parse(activity[0].details)).toMatchObject({ memberEmail: invitee.email });
  });

  test('an address with no account signs up, confirms, and is a member', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    const email = `newcomer-${room.id.slice(0, 6).toLowerCase()}@example.com`;
    expect((await testApp.as(owner).post(`/api/rooms/${room.id}/members`, { email })).statusCode).toBe(202);
    await sink.waitForMail(email);
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Newcomer', email, password: 'newcomer-password' },
      remoteAddress: '10.40.0.1',
    });
    expect(registered.statusCode).toBe(200);
    const mail = await sink.waitForMail(email);
    const confirmLink = mail.links.find((link) => link.includes('/api/auth/confirm')) ?? '';
    // The link confirms beside the password it was registered with, at sign-in.
    const confirmation = new URL(confirmLink).searchParams.get('token') ?? '';
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'newcomer-password', confirmation },
      remoteAddress: '10.40.0.2',
    });
    const newcomer = login.json() as { user: { id: string } };
    await expect.poll(() => memberIdsOf(room.id)).toContain(newcomer.user.id);
    expect(await pendingOf(room.id, owner)).toEqual([]);
  });

  test('an expired invitation is refused and no longer listed', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    const invitee = await testApp.factory.user();
    await inviteAs(owner, room.id, invitee.email);
    const token = inviteTokenOf((await sink.waitForMail(invitee.email)).links);
    await testApp.context.db
      .update(roomInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(roomInvitations.roomId, room.id), eq(roomInvitations.email, invitee.email)));
    const refused = await testApp.as(invitee).post('/api/rooms/invitations/accept', { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN', error: expect.stringMatching(/expired/) });
    expect(await memberIdsOf(room.id)).not.toContain(invitee.id);
    expect(await pendingOf(room.id, owner)).toEqual([]);
    // The hourly sweep then forgets it.
    expect(await sweepExpiredInvitations(testApp.context)).toBeGreaterThanOrEqual(1);
    const left = await testApp.context.db.select().from(roomInvitations).where(eq(roomInvitations.roomId, room.id));
    expect(left).toEqual([]);
  });

  test('the owner cancels a pending invitation (members may not); its link stops working', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const invitee = await testApp.factory.user();
    await inviteAs(member, room.id, invitee.email);
    const token = inviteTokenOf((await sink.waitForMail(invitee.email)).links);
    const [pending] = await pendingOf(room.id);
    expect(pending).toMatchObject({ email: invitee.email, invitedBy: { id: member.id, email: member.email } });
    const byMember = await testApp.as(member).delete(`/api/rooms/${room.id}/invitations/${pending?.id}`);
    expect(byMember.statusCode).toBe(403);
    const byOwner = await testApp.as(owner).delete(`/api/rooms/${room.id}/invitations/${pending?.id}`);
    expect(byOwner.statusCode).toBe(204);
    expect(await pendingOf(room.id)).toEqual([]);
    const accept = await testApp.as(invitee).post('/api/rooms/invitations/accept', { token });
    expect(accept.statusCode).toBe(404);
    expect(await memberIdsOf(room.id)).not.toContain(invitee.id);
  });

  test('30 invitations an hour per account, and per room, then 429', async () => {
    const inviter = await testApp.factory.user();
    const [first, second] = [
      await testApp.factory.room({ owner: inviter }),
      await testApp.factory.room({ owner: inviter }),
    ];
    const invite = (by: TestUser, roomId: string, index: number) =>
      testApp
        .as(by)
        .post(`/api/rooms/${roomId}/members`, { email: `limit-${roomId.slice(0, 6)}-${index}@example.com` });
    for (let index = 0; index < 30; index++) {
      expect((await invite(inviter, index < 20 ? first.id : second.id, index)).statusCode).toBe(202);
    }
    const overAccount = await invite(inviter, second.id, 30);
    expect(overAccount.statusCode).toBe(429);
    expect(overAccount.json()).toMatchObject({ error: expect.stringMatching(/30 invitations/), code: 'RATE_LIMITED' });

    // A room's own allowance, spent by two of its members together.
    const shared = await testApp.factory.room({ owner });
    const helper = await testApp.factory.user();
    await testApp.factory.roomMember({ by: owner, roomId: shared.id, member: helper });
    for (let index = 1; index < 30; index++) {
      expect((await invite(index % 2 ? owner : helper, shared.id, index)).statusCode).toBe(202);
    }
    const overRoom = await invite(helper, shared.id, 30);
    expect(overRoom.statusCode).toBe(429);
    expect(overRoom.json().code).toBe('RATE_LIMITED');
  });
});
