import type { LanNearChallenge } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { emitAck, listOf, settle, useLanTestApp, type AckResult } from '../../../test/lan-sockets';
import { nextEvent, type TestSocket } from '../../../test/socket-client';

/** The test's loopback client plays a trusted proxy, so X-Forwarded-For says which network each peer is on. */
const HOME = '203.0.113.7';
const CAFE = '192.0.2.44';

/**
 * Two LAN peers without a shared account (a guest's browser and a user's device) prove they are near: the
 * server relays their WebRTC signalling, gives the initiator a challenge, and takes the other's answer.
 */
describe('nearness between LAN peers', () => {
  const lan = useLanTestApp();
  const { sockets } = lan;

  /** A LAN peer from `address` (signed in with `token`, or a guest), hosting a desktop named `name`. */
  const hostingPeer = async (address: string, name: string, token?: string) => {
    const socket = await sockets.connect(lan.baseUrl, {
      headers: { 'x-forwarded-for': address },
      query: { type: 'lan_host' },
      ...(token ? { token } : {}),
    });
    const { selfId } = await listOf(socket);
    const desktop = { desktopId: `desktop-${name}`, items: [], lastUpdated: new Date().toISOString() };
    expect(await emitAck(socket, 'lan:host:announce', { name, desktop })).toEqual({ ok: true });
    return { socket, id: selfId };
  };
  const labelsOf = async (socket: TestSocket) =>
    Object.fromEntries((await listOf(socket)).peers.map(({ name, nearness }) => [name, nearness]));
  const challengeFor = async (socket: TestSocket, withPeerId: string) => {
    const challenge = nextEvent(socket, 'lan:near:challenge');
    expect(await emitAck(socket, 'lan:near:challenge', { withPeerId })).toEqual({ ok: true });
    return challenge;
  };
  const answerOf = (issuerPeerId: string, { challengeId, nonce, expiresAt }: LanNearChallenge) => ({
    issuerPeerId,
    challengeId,
    nonce,
    expiresAt,
  });

  test("a guest and a user's device signal, and the device answering the guest's challenge proves them near", async () => {
    const owner = await lan.testApp.factory.user();
    const guest = await hostingPeer(HOME, 'Guest');
    const laptop = await hostingPeer(HOME, 'Laptop', owner.tokens.access_token);
    expect(await labelsOf(guest.socket)).toEqual({ Laptop: 'unverified' });

    const relayed = nextEvent(laptop.socket, 'lan:near:signal');
    const offer = { link: 'l1', tab: 't1', kind: 'offer', sdp: 'v=0' };
    expect(await emitAck(guest.socket, 'lan:near:signal', { toPeerId: laptop.id, data: offer })).toEqual({ ok: true });
    expect(await relayed).toEqual({ fromPeerId: guest.id, data: offer });

    const challenge = await challengeFor(guest.socket, laptop.id);
    expect(challenge.withPeerId).toBe(laptop.id);
    const guestTold = nextEvent(guest.socket, 'lan:near:proved');
    const laptopTold = nextEvent(laptop.socket, 'lan:near:proved');
    expect(await emitAck(laptop.socket, 'lan:near:answer', answerOf(guest.id, challenge))).toEqual({ ok: true });
    expect(await guestTold).toEqual({ peerId: laptop.id });
    expect(await laptopTold).toEqual({ peerId: guest.id });
    expect(await labelsOf(guest.socket)).toEqual({ Laptop: 'verified' });
    expect(await labelsOf(laptop.socket)).toEqual({ Guest: 'verified' });
  });

  test('not proved: a third peer answering, a wrong nonce, the issuer answering itself; none of it is heard', async () => {
    const guest = await hostingPeer(HOME, 'Guest A');
    const other = await hostingPeer(HOME, 'Guest B');
    const third = await hostingPeer(HOME, 'Guest C');
    const heard: string[] = [];
    for (const { socket } of [guest, other, third]) socket.on('lan:near:proved', ({ peerId }) => heard.push(peerId));

    const challenge = await challengeFor(guest.socket, other.id);
    const forbidden = { ok: false, code: 'FORBIDDEN' };
    expect(await emitAck(third.socket, 'lan:near:answer', answerOf(guest.id, challenge))).toMatchObject(forbidden);
    const wrongNonce = { ...answerOf(guest.id, challenge), nonce: 'A'.repeat(43) };
    expect(await emitAck(other.socket, 'lan:near:answer', wrongNonce)).toMatchObject(forbidden);
    expect(await emitAck(guest.socket, 'lan:near:answer', answerOf(guest.id, challenge))).toMatchObject(forbidden);
    expect(await emitAck(other.socket, 'lan:near:answer', { nonce: 1 })).toMatchObject({ code: 'VALIDATION_FAILED' });
    await settle();
    expect(heard).toEqual([]);
    expect(Object.values(await labelsOf(guest.socket))).not.toContain('verified');
  });

  test('nearness events are limited per socket: 120 a minute, then RATE_LIMITED', async () => {
    const guest = await hostingPeer(HOME, 'Busy guest');
    const data = { link: 'l1', tab: 't1', kind: 'offer', sdp: 'v=0' };
    // Under the socket's own budget of 30 events a second: 24 a second for 5 seconds.
    const acks: AckResult[] = [];
    for (let second = 0; second < 5; second += 1) {
      const batch = Array.from({ length: 24 }, () =>
        emitAck(guest.socket, 'lan:near:signal', { toPeerId: 'made-up', data }),
      );
      acks.push(...(await Promise.all(batch)));
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    expect(acks.map((ack) => (ack.ok ? 'ok' : ack.code))).toEqual(Array(120).fill('NOT_FOUND'));
    expect(await emitAck(guest.socket, 'lan:near:challenge', { withPeerId: 'made-up' })).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
    });
  }, 20_000);

  test('a peer of another network is out of reach: no signal, no challenge, and it hears nothing', async () => {
    const guest = await hostingPeer(HOME, 'Home guest');
    const stranger = await hostingPeer(CAFE, 'Cafe guest');
    const heard: unknown[] = [];
    guest.socket.on('lan:near:signal', (payload) => heard.push(payload));
    const notFound = { ok: false, code: 'NOT_FOUND' };
    const data = { link: 'l1', tab: 't1', kind: 'offer', sdp: 'v=0' };
    expect(await emitAck(stranger.socket, 'lan:near:signal', { toPeerId: guest.id, data })).toMatchObject(notFound);
    expect(await emitAck(stranger.socket, 'lan:near:signal', { toPeerId: 'made-up', data })).toMatchObject(notFound);
    expect(await emitAck(stranger.socket, 'lan:near:challenge', { withPeerId: guest.id })).toMatchObject(notFound);
    await settle();
    expect(heard).toEqual([]);
  });
});
