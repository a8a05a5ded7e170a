import { DESKTOP_ENDPOINTS, type Desktop, type SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;
/** Long enough for a wrongly routed message to arrive before concluding it was never sent. */
const SETTLE_MS = 150;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
/** The test's loopback client plays the proxy (TRUST_PROXY=127.0.0.1), so X-Forwarded-For names the household. */
const HOME = '203.0.113.7';
const NEIGHBOUR = '198.51.100.20';

type AckResult = Parameters<SocketAck>[0];

describe('virtual desktop live over Socket.IO', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let other: TestUser;
  const sockets = socketPool();
  const connect = (user: TestUser | null, forwardedFor?: string) =>
    sockets.connect(baseUrl, {
      ...(user ? { token: user.tokens.access_token } : {}),
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });
  const join = (socket: TestSocket, networkId: string, desktopId?: string) =>
    new Promise<AckResult>((resolve) => socket.emit('join:desktop:network', { networkId, desktopId }, resolve));
  const heard = (socket: TestSocket) => {
    const events: string[] = [];
    socket.on('desktop:item:new', ({ item }) => events.push(`new:${item.content}`));
    socket.on('desktop:item:modified', ({ item }) => events.push(`modified:${item.position.x}`));
    socket.on('desktop:item:removed', ({ itemId }) => events.push(`removed:${itemId}`));
    return events;
  };
  const desktopOf = (user: TestUser) => testApp.factory.desktop({ owner: user });
  const addText = (user: TestUser | null, content: string, desktopId?: string) =>
    testApp.api(user).call(DESKTOP_ENDPOINTS.addText, { body: { content, desktopId } });
  const shareDesktop = (user: TestUser) => testApp.api(user).call(DESKTOP_ENDPOINTS.share);

  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '127.0.0.1' });
    baseUrl = await testApp.listen();
    [owner, other] = [await testApp.factory.user(), await testApp.factory.user()];
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('only the owner’s devices follow a personal desktop; every HTTP change reaches them', async () => {
    const desktop = await desktopOf(owner);
    const [phone, laptop, intruder, visitor] = [
      await connect(owner),
      await connect(owner),
      await connect(other),
      await connect(null),
    ];
    expect(await join(phone, desktop.network_id)).toEqual({ ok: true });
    expect(await join(laptop, desktop.network_id)).toEqual({ ok: true });
    for (const socket of [intruder, visitor]) {
      expect(await join(socket, desktop.network_id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
    expect(await join(visitor, 'not-a-desktop')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const [onLaptop, onIntruder, onVisitor] = [heard(laptop), heard(intruder), heard(visitor)];

    const arrived = nextEvent(phone, 'desktop:item:new');
    const item = await addText(owner, 'live text');
    expect(await arrived).toMatchObject({ networkId: desktop.network_id, item: { id: item.id, content: 'live text' } });
    const target = { params: { id: item.id } };
    await testApp.api(owner).call(DESKTOP_ENDPOINTS.moveItem, { ...target, body: { position: { x: 42, y: 0 } } });
    await testApp.api(owner).call(DESKTOP_ENDPOINTS.removeItem, target);
    await settle();
    expect(onLaptop).toEqual(['new:live text', 'modified:42', `removed:${item.id}`]);
    expect(onIntruder).toEqual([]);
    expect(onVisitor).toEqual([]);
  });

  test('socket emits: updated saves the layout, created announces the stored block, deleted removes it', async () => {
    const desktop = await desktopOf(owner);
    const [phone, laptop, intruder] = [await connect(owner), await connect(owner), await connect(other)];
    await join(phone, desktop.network_id);
    await join(laptop, desktop.network_id);
    const onLaptop = heard(laptop);
    const item = await addText(owner, 'movable');
    await settle();

    const moved = await new Promise<AckResult>((resolve) =>
      phone.emit(
        'desktop:item:updated',
        { networkId: desktop.network_id, itemId: item.id, updates: { position: { x: 77, y: 5 } } },
        resolve,
      ),
    );
    expect(moved).toEqual({ ok: true });
    expect((await desktopOf(owner)).items.find((stored) => stored.id === item.id)?.position).toEqual({ x: 77, y: 5 });
    // A socket that never joined, or that claims a block the desktop does not have, changes nothing.
    const refused = await new Promise<AckResult>((resolve) =>
      intruder.emit(
        'desktop:item:updated',
        { networkId: desktop.network_id, itemId: item.id, updates: { position: { x: 1, y: 1 } } },
        resolve,
      ),
    );
    expect(refused).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const forged = await new Promise<AckResult>((resolve) =>
      phone.emit(
        'desktop:item:created',
        { networkId: desktop.network_id, item: { id: 'AAAAAAAAAAAAAAAAAAAAAA', content: 'fake' } },
        resolve,
      ),
    );
    expect(forged).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const badLayout = await new Promise<AckResult>((resolve) =>
      phone.emit(
        'desktop:item:updated',
        { networkId: desktop.network_id, itemId: item.id, updates: { position: { x: -5, y: 0 } } } as never,
        resolve,
      ),
    );
    expect(badLayout).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });

    const deleted = await new Promise<AckResult>((resolve) =>
      phone.emit('desktop:item:deleted', { networkId: desktop.network_id, itemId: item.id }, resolve),
    );
    expect(deleted).toEqual({ ok: true });
    await settle();
    expect((await desktopOf(owner)).items.map((stored) => stored.id)).not.toContain(item.id);
    expect(onLaptop).toEqual(['new:movable', 'modified:77', `removed:${item.id}`]);
  });

  test('a share link’s holders follow live until the owner rotates it', async () => {
    const desktop = await desktopOf(other);
    const { shareToken } = await shareDesktop(other);
    const [holder, guesser] = [await connect(null), await connect(null)];
    expect(await join(holder, desktop.network_id, shareToken)).toEqual({ ok: true });
    expect(await join(guesser, desktop.network_id, `${shareToken}x`)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const onHolder = heard(holder);
    await addText(null, 'from the link', shareToken);
    await settle();
    expect(onHolder).toEqual(['new:from the link']);

    await shareDesktop(other);
    await addText(other, 'after rotation');
    await settle();
    expect(onHolder).toEqual(['new:from the link']);
    expect(await join(holder, desktop.network_id, shareToken)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  test('rotating or revoking a share link tells every open view of the old link at once, and only those', async () => {
    const desktop = await desktopOf(other);
    const { shareToken } = await shareDesktop(other);
    const [first, second, ownerView] = [await connect(null), await connect(null), await connect(other)];
    expect(await join(first, desktop.network_id, shareToken)).toEqual({ ok: true });
    expect(await join(second, desktop.network_id, shareToken)).toEqual({ ok: true });
    expect(await join(ownerView, desktop.network_id)).toEqual({ ok: true });
    const ownerHeard: unknown[] = [];
    ownerView.on('desktop:share:revoked', (payload) => ownerHeard.push(payload));

    const told = [nextEvent(first, 'desktop:share:revoked'), nextEvent(second, 'desktop:share:revoked')];
    const rotated = await shareDesktop(other);
    expect(await Promise.all(told)).toEqual([{ networkId: desktop.id }, { networkId: desktop.id }]);
    // The old link's views left the desktop's channel: nothing more reaches them.
    const onFirst = heard(first);
    await addText(other, 'after the link changed');
    await settle();
    expect(onFirst).toEqual([]);

    const { shareToken: newToken } = rotated;
    const holder = await connect(null);
    expect(await join(holder, desktop.network_id, newToken)).toEqual({ ok: true });
    const revoked = nextEvent(holder, 'desktop:share:revoked');
    expect((await testApp.as(other).delete('/api/virtual-desktop/share')).statusCode).toBe(204);
    expect(await revoked).toEqual({ networkId: desktop.id });
    await settle();
    expect(ownerHeard).toEqual([]);
  });

  test('a LAN desktop is followed by devices of its network only', async () => {
    const lan = await testApp.app.inject({
      method: 'GET',
      url: '/api/virtual-desktop',
      headers: { 'x-forwarded-for': HOME },
    });
    const desktop = lan.json<Desktop>();
    const [tablet, neighbour] = [await connect(null, HOME), await connect(null, NEIGHBOUR)];
    expect(await join(tablet, desktop.network_id)).toEqual({ ok: true });
    expect(await join(neighbour, desktop.network_id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const arrived = nextEvent(tablet, 'desktop:item:new');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/virtual-desktop/items/text',
      payload: { content: 'for the house' },
      headers: { 'x-forwarded-for': HOME },
    });
    expect((await arrived).item.content).toBe('for the house');
  });
});
