import {
  DESKTOP_ENDPOINTS,
  ROOM_ENDPOINTS,
  TAKEN_DOWN_MESSAGE,
  type Desktop,
  type RoomDetail,
  type SecurityEventPage,
} from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { nextEvent, socketPool, type TestSocket } from '../../../../test/socket-client';

describe('moderation: what the owner and the open pages of a taken-down desktop or room see', () => {
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

  const takeDown = (kind: string, id: string, reason: string) =>
    testApp.as(admin).post(`/api/admin/reports/${kind}/${id}/takedown`, { reason });
  const restore = (kind: string, id: string) => testApp.as(admin).delete(`/api/admin/reports/${kind}/${id}/takedown`);
  const ack = (socket: TestSocket, event: 'room:join' | 'join:desktop:network', payload: object) =>
    new Promise((resolve) => (socket.emit as (...args: unknown[]) => void)(event, payload, resolve));

  test("the owner's desktop carries the takedown and its reason while it lasts, and loses it on restore", async () => {
    const owner = await testApp.factory.user();
    const desktop = await testApp.factory.desktop({ owner });
    await testApp.api(owner).call(DESKTOP_ENDPOINTS.share);
    const before = await testApp.as(owner).get('/api/virtual-desktop');
    expect(before.json<Desktop>().takedown).toBeUndefined();
    const etag = before.headers.etag;

    expect((await takeDown('desktop', desktop.id, 'Phishing page')).statusCode).toBe(204);
    // The answer remembered before the takedown is not the one given now, nor its tag.
    const during = await testApp
      .as(owner)
      .inject('GET', '/api/virtual-desktop', undefined, { 'if-none-match': String(etag) });
    expect(during.statusCode).toBe(200);
    expect(during.json<Desktop>().takedown).toMatchObject({ reason: 'Phishing page' });

    expect((await restore('desktop', desktop.id)).statusCode).toBe(204);
    const after = await testApp.as(owner).get('/api/virtual-desktop');
    expect(after.json<Desktop>().takedown).toBeUndefined();
  });

  test("the owner's room detail carries the takedown; members are answered 410; restore ends both", async () => {
    const owner = await testApp.factory.user();
    const member = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Busy room' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const ownerRoom = () => testApp.as(owner).get(`/api/rooms/${room.id}`);
    expect((await ownerRoom()).json<RoomDetail>().takedown).toBeUndefined();

    expect((await takeDown('room', room.id, 'Spam room')).statusCode).toBe(204);
    const during = await ownerRoom();
    expect(during.statusCode).toBe(200);
    expect(during.json<RoomDetail>().takedown).toMatchObject({ reason: 'Spam room' });
    expect((await testApp.as(member).get(`/api/rooms/${room.id}`)).statusCode).toBe(410);

    expect((await restore('room', room.id)).statusCode).toBe(204);
    expect((await ownerRoom()).json<RoomDetail>().takedown).toBeUndefined();
    const memberAfter = await testApp.as(member).get(`/api/rooms/${room.id}`);
    expect(memberAfter.statusCode).toBe(200);
    expect(memberAfter.json<RoomDetail>().takedown).toBeUndefined();
  });

  test("a room member's open page and a shared desktop's signed-out viewer are told at once", async () => {
    const owner = await testApp.factory.user();
    const member = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Live room' });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const memberSocket = await sockets.connect(baseUrl, { token: member.tokens.access_token });
    expect(await ack(memberSocket, 'room:join', { roomId: room.id })).toEqual({ ok: true });
    const memberTold = nextEvent(memberSocket, 'item:taken-down');
    expect((await takeDown('room', room.id, 'Spam')).statusCode).toBe(204);
    expect(await memberTold).toEqual({ kind: 'room', id: room.id, message: TAKEN_DOWN_MESSAGE });
    expect(await ack(memberSocket, 'room:join', { roomId: room.id })).toMatchObject({ ok: false, code: 'TAKEN_DOWN' });

    const desktop = await testApp.factory.desktop({ owner });
    const { shareToken } = await testApp.api(owner).call(DESKTOP_ENDPOINTS.share);
    const viewer = await sockets.connect(baseUrl, {});
    expect(await ack(viewer, 'join:desktop:network', { networkId: desktop.id, desktopId: shareToken })).toEqual({
      ok: true,
    });
    const viewerTold = nextEvent(viewer, 'item:taken-down');
    expect((await takeDown('desktop', desktop.id, 'Malware')).statusCode).toBe(204);
    expect(await viewerTold).toEqual({ kind: 'desktop', id: desktop.id, message: TAKEN_DOWN_MESSAGE });
  });

  test("the owner's security events list the takedown and the restore with the reason, not the admin's client", async () => {
    const owner = await testApp.factory.user();
    const room = await testApp.factory.room({ owner, name: 'Audited room' });
    await testApp.api(owner).call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    expect((await takeDown('room', room.id, 'Illegal content')).statusCode).toBe(204);
    expect((await restore('room', room.id)).statusCode).toBe(204);

    const { events } = (await testApp.as(owner).get('/api/account/security-events')).json<SecurityEventPage>();
    const told = events.filter((event) => event.action.startsWith('item.'));
    expect(told.map((event) => event.action)).toEqual(['item.restored', 'item.taken_down']);
    for (const event of told) {
      expect(event.byAdmin).toBe(false);
      expect(event.details).toMatchObject({ itemKind: 'room', reason: 'Illegal content', client: null });
    }
    // The admin's own list is theirs: the owner's events are not in it.
    const adminEvents = (await testApp.as(admin).get('/api/account/security-events')).json<SecurityEventPage>();
    expect(adminEvents.events.some((event) => event.action.startsWith('item.'))).toBe(false);
  });
});
