import type { SocketAck } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/build-test-app';
import { connectSocket, socketPool, type TestSocket } from '../../test/socket-client';
import { inBackground } from '../../test/waits';
import { sessions } from '../db/schema';
import { signAccessToken, verifyAccessToken } from '../lib/access-token';

type AckResult = Parameters<SocketAck>[0];

const refusalOf = (attempt: Promise<TestSocket>) =>
  attempt.then(
    () => undefined,
    (error: Error & { data?: { code?: string } }) => error,
  );

describe('socket rights and limits', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  const connect = (options: Parameters<typeof connectSocket>[1] = {}) => sockets.connect(baseUrl, options);
  const publish = (socket: TestSocket, clipId: string, content: string) =>
    new Promise<AckResult>((resolve) => socket.emit('clip-content-update', { clipId, content }, resolve));

  beforeAll(async () => {
    testApp = await buildTestApp({ SOCKET_CONNECTIONS_PER_IP: '40', ALLOWED_ORIGINS: 'https://clips.example' });
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('a socket is disconnected when its access token expires', async () => {
    const user = await testApp.factory.user();
    const claims = await verifyAccessToken(TEST_JWT_SECRET, user.tokens.access_token);
    // `exp` is in whole seconds: a 1 s token could expire before the listener below is attached on a loaded
    // machine (the server then disconnects first and the test waits forever); 3 s leaves at least 2.
    const socket = await connect({ token: await signAccessToken(TEST_JWT_SECRET, claims, 3) });
    const reason = await new Promise<string>((resolve) => socket.on('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
  });

  test("a write re-checks the session: a revoked session's lingering socket may not publish", async () => {
    const owner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner });
    const socket = await connect({ token: owner.tokens.access_token });
    expect(await publish(socket, clip.id, 'while live')).toEqual({ ok: true });
    // Revoked as another node's revocation arrives: the session cache hears it, but no event closes this
    // socket (its disconnect was lost, say), so only the write's re-check can refuse.
    const { sessionId } = await verifyAccessToken(TEST_JWT_SECRET, owner.tokens.access_token);
    await testApp.context.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    testApp.context.sessions.revoke(sessionId);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await publish(socket, clip.id, 'after revocation')).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    const stored = await testApp.app.inject({ method: 'GET', url: `/api/clipboard/${clip.id}` });
    expect(stored.json().content).toBe('while live');
  });

  test('each user has a write budget: over it, an error ack, and the socket stays up', async () => {
    const owner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner });
    const socket = await connect({ token: owner.tokens.access_token });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => publish(socket, clip.id, `v${i}`)));
    const refused = results.filter((result) => !result.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(socket.connected).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await publish(socket, clip.id, 'after a pause')).toEqual({ ok: true });
  });

  test('a page served from the host the browser reached may connect, whatever PUBLIC_URL says', async () => {
    // PUBLIC_URL is http://localhost:3000; the browser opened the server at its own address instead.
    const socket = await connect({ origin: baseUrl });
    expect(socket.connected).toBe(true);
    expect((await connect({ origin: 'http://localhost:3000' })).connected).toBe(true);
    expect((await connect({ origin: 'https://clips.example' })).connected).toBe(true);
  });

  test.each(['https://evil.example', 'http://127.0.0.1:1', 'null'])(
    'the cross-site Origin %s is refused',
    async (origin) => {
      expect(await refusalOf(connect({ origin }))).toBeInstanceOf(Error);
    },
  );
});

describe('open sockets per client address', () => {
  test('are capped; a closed one frees its place', async () => {
    const testApp = await buildTestApp({ SOCKET_CONNECTIONS_PER_IP: '2' });
    const baseUrl = await testApp.listen();
    const first = await connectSocket(baseUrl);
    const second = await connectSocket(baseUrl);
    const refusal = await refusalOf(connectSocket(baseUrl));
    expect(refusal?.data).toEqual({ code: 'RATE_LIMITED' });
    first.close();
    // The server frees the place when it sees the close, which a loaded machine can take a while to do.
    await vi.waitFor(() => expect(testApp.context.realtime.io.of('/').sockets.size).toBe(1), inBackground);
    const third = await connectSocket(baseUrl);
    expect(third.connected).toBe(true);
    second.close();
    third.close();
    await testApp.close();
  });

  test('an IPv6 /64 is one address: its interface ids share the cap, another /64 has its own', async () => {
    // The test's loopback client plays the proxy, so X-Forwarded-For names each socket's address.
    const testApp = await buildTestApp({ SOCKET_CONNECTIONS_PER_IP: '2', TRUST_PROXY: '127.0.0.1' });
    const baseUrl = await testApp.listen();
    const from = (address: string) => connectSocket(baseUrl, { headers: { 'x-forwarded-for': address } });
    const sockets = [await from('2001:db8:1:2::1'), await from('2001:db8:1:2:ffff::2')];
    const refusal = await refusalOf(from('2001:db8:1:2::3'));
    expect(refusal?.data).toEqual({ code: 'RATE_LIMITED' });
    const otherHost = await from('2001:db8:1:3::1');
    expect(otherHost.connected).toBe(true);
    [...sockets, otherHost].forEach((socket) => socket.close());
    await testApp.close();
  });
});
