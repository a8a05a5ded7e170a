import { ROOM_ENDPOINTS, type SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';

/** Set-up creates users (argon2 hashes) and rooms through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

type AckResult = Parameters<SocketAck>[0];
/** Long enough for a wrongly routed message to arrive before concluding it was never sent. */
const SETTLE_MS = 150;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

describe('rooms live over Socket.IO', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  const sockets = socketPool();
  const connect = (user?: TestUser) => sockets.connect(baseUrl, user ? { token: user.tokens.access_token } : {});
  const emitWithAck = (socket: TestSocket, event: 'room:join' | 'room:leave', roomId: unknown) =>
    new Promise<AckResult>((resolve) => socket.emit(event, { roomId } as { roomId: string }, resolve));
  /** Records every `room:changed` a socket hears. */
  const heard = (socket: TestSocket) => {
    const events: unknown[] = [];
    socket.on('room:changed', (payload) => events.push(payload));
    return events;
  };
  const addText = (user: TestUser, roomId: string, content: string) =>
    testApp.api(user).call(ROOM_ENDPOINTS.addContent, { params: { id: roomId }, body: { content } });

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    baseUrl = await testApp.listen();
    [owner, member, outsider] = [
      await testApp.factory.user(),
      await testApp.factory.user(),
      await testApp.factory.user(),
    ];
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('room:join is for members only: everyone else gets an error ack', async () => {
    const publicRoom = await testApp.factory.room({ owner });
    const privateRoom = await testApp.factory.room({ owner, isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: privateRoom.id, member });
    const [ownerSocket, memberSocket, outsiderSocket, anonymous] = [
      await connect(owner),
      await connect(member),
      await connect(outsider),
      await connect(),
    ];
    expect(await emitWithAck(ownerSocket, 'room:join', privateRoom.id)).toEqual({ ok: true });
    expect(await emitWithAck(memberSocket, 'room:join', privateRoom.id)).toEqual({ ok: true });
    expect(await emitWithAck(outsiderSocket, 'room:join', privateRoom.id)).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emitWithAck(outsiderSocket, 'room:join', publicRoom.id)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await emitWithAck(anonymous, 'room:join', publicRoom.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await emitWithAck(anonymous, 'room:join', privateRoom.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await emitWithAck(ownerSocket, 'room:join', 'AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await emitWithAck(ownerSocket, 'room:join', 'not an id')).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(await emitWithAck(ownerSocket, 'room:join', 42)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  test('a change reaches every member in the channel, and no socket that could not join', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const ownerSocket = await connect(owner);
    const outsiderSocket = await connect(outsider);
    await emitWithAck(ownerSocket, 'room:join', room.id);
    await emitWithAck(outsiderSocket, 'room:join', room.id);
    const outsiderHeard = heard(outsiderSocket);

    const changed = nextEvent(ownerSocket, 'room:changed');
    const added = await addText(member, room.id, 'live!');
    expect(await changed).toEqual({
      roomId: room.id,
      type: 'content_add',
      actorId: member.id,
      contentId: added.id,
    });
    await settle();
    expect(outsiderHeard).toEqual([]);
  });

  test('room:leave stops the updates', async () => {
    const room = await testApp.factory.room({ owner });
    const ownerSocket = await connect(owner);
    await emitWithAck(ownerSocket, 'room:join', room.id);
    expect(await emitWithAck(ownerSocket, 'room:leave', room.id)).toEqual({ ok: true });
    const ownerHeard = heard(ownerSocket);
    await addText(owner, room.id, 'quiet');
    await settle();
    expect(ownerHeard).toEqual([]);
  });

  test('a removed member is told at once on every device, leaves the channel and cannot rejoin', async () => {
    const room = await testApp.factory.room({ owner, isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const [ownerSocket, memberInRoom, memberElsewhere] = [
      await connect(owner),
      await connect(member),
      await connect(member),
    ];
    await emitWithAck(ownerSocket, 'room:join', room.id);
    await emitWithAck(memberInRoom, 'room:join', room.id);

    const told = [nextEvent(memberInRoom, 'room:closed'), nextEvent(memberElsewhere, 'room:closed')];
    const ownerHears = nextEvent(ownerSocket, 'room:changed');
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}/members/${member.id}`)).statusCode).toBe(204);
    expect(await Promise.all(told)).toEqual([
      { roomId: room.id, reason: 'removed' },
      { roomId: room.id, reason: 'removed' },
    ]);
    expect(await ownerHears).toMatchObject({ type: 'member_removed', actorId: owner.id });

    const memberHeard = heard(memberInRoom);
    await addText(owner, room.id, 'after removal');
    await settle();
    expect(memberHeard).toEqual([]);
    expect(await emitWithAck(memberInRoom, 'room:join', room.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  test('a member who leaves stops hearing the room', async () => {
    const room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const memberSocket = await connect(member);
    await emitWithAck(memberSocket, 'room:join', room.id);
    const told = nextEvent(memberSocket, 'room:closed');
    expect((await testApp.as(member).post(`/api/rooms/${room.id}/leave`)).statusCode).toBe(204);
    expect(await told).toEqual({ roomId: room.id, reason: 'left' });
    const memberHeard = heard(memberSocket);
    await addText(owner, room.id, 'after leaving');
    await settle();
    expect(memberHeard).toEqual([]);
  });

  test('a deleted room tells every member, joined or not; outsiders hear nothing', async () => {
    const room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const [memberInRoom, memberElsewhere, outsiderSocket] = [
      await connect(member),
      await connect(member),
      await connect(outsider),
    ];
    await emitWithAck(memberInRoom, 'room:join', room.id);
    let outsiderTold = false;
    outsiderSocket.on('room:closed', () => (outsiderTold = true));

    const changed = nextEvent(memberInRoom, 'room:changed');
    const told = [nextEvent(memberInRoom, 'room:closed'), nextEvent(memberElsewhere, 'room:closed')];
    expect((await testApp.as(owner).delete(`/api/rooms/${room.id}`)).statusCode).toBe(204);
    expect(await changed).toEqual({ roomId: room.id, type: 'room_deleted', actorId: owner.id });
    expect(await Promise.all(told)).toEqual([
      { roomId: room.id, reason: 'deleted' },
      { roomId: room.id, reason: 'deleted' },
    ]);
    await settle();
    expect(outsiderTold).toBe(false);
  });

  test('joining a public room by opening it, or by the invite link, is heard by the members', async () => {
    const room = await testApp.factory.room({ owner });
    const ownerSocket = await connect(owner);
    await emitWithAck(ownerSocket, 'room:join', room.id);
    const byOpening = nextEvent(ownerSocket, 'room:changed');
    await testApp.api(outsider).call(ROOM_ENDPOINTS.get, { params: { id: room.id } });
    expect(await byOpening).toEqual({ roomId: room.id, type: 'member_join', actorId: outsider.id });
    const byToken = nextEvent(ownerSocket, 'room:changed');
    await testApp.as(member).post('/api/rooms/join', { shareToken: room.shareToken });
    expect(await byToken).toEqual({ roomId: room.id, type: 'member_joined_by_token', actorId: member.id });
  });
});
