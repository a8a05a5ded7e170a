import { ROOM_ENDPOINTS, TAKEN_DOWN_MESSAGE } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';

describe('a room link watched by a signed-out visitor hears the room taken down', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let admin: TestUser;
  const sockets = socketPool();

  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  const ack = (socket: TestSocket, event: 'room:link:watch' | 'room:link:unwatch', payload: object) =>
    new Promise((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));
  const takeDown = (roomId: string) =>
    testApp.as(admin).post(`/api/admin/reports/room/${roomId}/takedown`, { reason: 'Spam' });
  const sharedRoom = async (name: string) => {
    const owner = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name });
    const { shareToken } = await testApp.api(owner).call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    return { room, shareToken };
  };
  /** Whether the socket hears anything within a short while: the refused watcher must not. */
  const hearsWithin = (socket: TestSocket, ms: number) =>
    Promise.race([
      nextEvent(socket, 'item:taken-down').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  test('a signed-out socket watching a live join link is told at once, then the link is refused', async () => {
    const { room, shareToken } = await sharedRoom('Watched room');
    const visitor = await sockets.connect(baseUrl, {});
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: shareToken })).toEqual({ ok: true });
    const told = nextEvent(visitor, 'item:taken-down');

    expect((await takeDown(room.id)).statusCode).toBe(204);

    expect(await told).toEqual({ kind: 'room', id: room.id, message: TAKEN_DOWN_MESSAGE });
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: shareToken })).toMatchObject({
      ok: false,
      code: 'TAKEN_DOWN',
    });
  });

  test("an unknown token, or a join link's token passed as an invitation, joins nothing and is refused as the preview is", async () => {
    const { room, shareToken } = await sharedRoom('Guarded room');
    const visitor = await sockets.connect(baseUrl, {});
    const refusal = { ok: false, code: 'NOT_FOUND', error: 'This link is invalid or has expired.' };
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: 'x'.repeat(43) })).toEqual(refusal);
    expect(await ack(visitor, 'room:link:watch', { kind: 'invite', token: shareToken })).toEqual(refusal);
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: '' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });

    const heard = hearsWithin(visitor, 300);
    expect((await takeDown(room.id)).statusCode).toBe(204);
    expect(await heard).toBe(false);
  });

  test('a replaced link stops working for a new watch; an unwatched link hears nothing more', async () => {
    const owner = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Rotated room' });
    const rotate = () => testApp.api(owner).call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    const { shareToken: old } = await rotate();
    const { shareToken } = await rotate();
    const visitor = await sockets.connect(baseUrl, {});
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: old })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await ack(visitor, 'room:link:watch', { kind: 'join', token: shareToken })).toEqual({ ok: true });
    expect(await ack(visitor, 'room:link:unwatch', { kind: 'join', token: shareToken })).toEqual({ ok: true });

    const heard = hearsWithin(visitor, 300);
    expect((await takeDown(room.id)).statusCode).toBe(204);
    expect(await heard).toBe(false);
  });
});

describe('room link watches are limited per address, as link previews are', () => {
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

  const watch = (socket: TestSocket, payload: object) =>
    new Promise((resolve) => (socket.emit as (...args: unknown[]) => void)('room:link:watch', payload, resolve));

  test('a signed-out address guessing tokens over several sockets is refused past the budget, even a working link', async () => {
    const owner = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Limited room' });
    const { shareToken } = await testApp.api(owner).call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    // Several sockets of one address: the budget is the address's, and no socket floods its own event budget.
    const guessers = await Promise.all([0, 1, 2].map(() => sockets.connect(baseUrl, {})));
    for (let guess = 0; guess < 30; guess += 1) {
      const socket = guessers[guess % guessers.length]!;
      const token = guess.toString().padStart(43, 'x');
      expect(await watch(socket, { kind: 'join', token })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }

    const late = await sockets.connect(baseUrl, {});
    expect(await watch(late, { kind: 'join', token: shareToken })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    // Refused before the lookup: the socket joined nothing, so the room's takedown does not reach it.
    const admin = await testApp.factory.user({ role: 'admin' });
    const heard = Promise.race([
      nextEvent(late, 'item:taken-down').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
    ]);
    const takedown = await testApp.as(admin).post(`/api/admin/reports/room/${room.id}/takedown`, { reason: 'Spam' });
    expect(takedown.statusCode).toBe(204);
    expect(await heard).toBe(false);
  });
});
