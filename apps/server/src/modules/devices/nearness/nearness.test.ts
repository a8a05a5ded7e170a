import { webcrypto } from 'node:crypto';
import {
  NEAR_SIGNALS_PER_MINUTE,
  nearProofText,
  type Device,
  type DeviceList,
  type LanPeersList,
  type NearChallenge,
  type NearProof,
  type NearSignalPayload,
} from '@clipsync/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { connectSocket, type TestSocket } from '../../../../test/socket-client';
import { deviceNearness, nearChallenges } from '../../../db/schema/index';
import { inBackground } from '../../../../test/waits';
import { answerShape } from '../../../../test/answer-shape';

type Caller = { tokens: { access_token: string } };
type KeyedDevice = Caller & { device: Device; keys: webcrypto.CryptoKeyPair };

const { subtle } = webcrypto;
const OFFER = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const CANDIDATE = { candidate: 'candidate:1 1 udp 2122260223 192.168.1.20 54321 typ host', sdpMid: '0' };

/** An ECDSA P-256 pair as a browser makes it: the private key not extractable. */
const newKeys = () =>
  subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]) as Promise<webcrypto.CryptoKeyPair>;
/** Signed exactly as a browser signs: WebCrypto's r‖s signature, base64url. */
async function sign(keys: webcrypto.CryptoKeyPair, text: string): Promise<string> {
  const signature = await subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    keys.privateKey,
    new TextEncoder().encode(text),
  );
  return Buffer.from(signature).toString('base64url');
}

describe('nearness: signalling between own devices and the signed proof', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const openSockets: TestSocket[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    openSockets.forEach((socket) => socket.close());
    await testApp.close();
  });

  /** A signed-in browser of the user, registered as a device, with its key registered. */
  const browser = async (user: TestUser, name: string, { withKey = true } = {}): Promise<KeyedDevice> => {
    const caller = { tokens: await testApp.factory.session(user) };
    const res = await testApp.as(caller).post('/api/devices', { name, kind: 'browser' });
    expect(res.statusCode).toBe(201);
    const keys = await newKeys();
    if (withKey) {
      const publicKey = await subtle.exportKey('jwk', keys.publicKey);
      const put = await testApp.as(caller).put('/api/devices/current/key', { publicKey });
      expect(put.statusCode).toBe(204);
    }
    return { ...caller, device: res.json<Device>(), keys };
  };
  const socketOf = async (caller: Caller | null) => {
    const socket = await connectSocket(baseUrl, caller ? { token: caller.tokens.access_token } : {});
    openSockets.push(socket);
    return socket;
  };
  const listen = (socket: TestSocket) => {
    const heard: NearSignalPayload[] = [];
    socket.on('near:signal', (signal) => heard.push(signal));
    return heard;
  };
  const challenge = async (from: Caller, withDeviceId: string) => {
    const res = await testApp.as(from).post('/api/nearness/challenges', { withDeviceId });
    expect(res.statusCode).toBe(201);
    return res.json<NearChallenge>();
  };
  /** A's and B's signatures over the challenge's text, as the two browsers make them. */
  const signBoth = async (
    a: KeyedDevice,
    b: KeyedDevice,
    issued: NearChallenge,
    signers = { a: a.keys, b: b.keys },
  ) => {
    const text = nearProofText({
      challengeId: issued.challengeId,
      nonce: issued.nonce,
      issuerDeviceId: a.device.id,
      otherDeviceId: b.device.id,
    });
    return { [a.device.id]: await sign(signers.a, text), [b.device.id]: await sign(signers.b, text) };
  };
  const prove = (a: Caller, challengeId: string, signatures: Record<string, string>) =>
    testApp.as(a).post(`/api/nearness/challenges/${challengeId}/proof`, { signatures });
  const nearUntilSeenBy = async (caller: Caller, deviceId: string) =>
    (await testApp.as(caller).get('/api/devices')).json<DeviceList>().devices.find((d) => d.id === deviceId)?.nearUntil;
  const nearnessRows = () => testApp.context.db.select().from(deviceNearness);
  const rowsOf = async (deviceId: string) =>
    (await nearnessRows()).filter((row) => row.deviceA === deviceId || row.deviceB === deviceId);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test("near:signal: relayed to the account's other device, with the sender's id and the data as sent", async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const laptopSocket = await socketOf(laptop);
    const phoneSocket = await socketOf(phone);
    const heardByPhone = listen(phoneSocket);
    const heardByLaptop = listen(laptopSocket);

    expect(await laptopSocket.emitWithAck('near:signal', { toDeviceId: phone.device.id, data: OFFER })).toEqual({
      ok: true,
    });
    expect(await phoneSocket.emitWithAck('near:signal', { toDeviceId: laptop.device.id, data: CANDIDATE })).toEqual({
      ok: true,
    });
    await sleep(100);
    expect(heardByPhone).toEqual([{ fromDeviceId: laptop.device.id, data: OFFER }]);
    expect(heardByLaptop).toEqual([{ fromDeviceId: phone.device.id, data: CANDIDATE }]);
  });

  test("near:signal: a stranger's device, a forged or unknown id, itself, signed out, a session that is no device, too large: refused, nothing relayed", async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const strangerPhone = await browser(stranger, 'Safari on iPhone');
    const laptopSocket = await socketOf(laptop);
    const strangerSocket = await socketOf(strangerPhone);
    const heardByStranger = listen(strangerSocket);
    const heardByLaptop = listen(laptopSocket);
    const signal = (socket: TestSocket, toDeviceId: string, data: object = OFFER) =>
      socket.emitWithAck('near:signal', { toDeviceId, data } as never);

    // Another account's device answers exactly as an id that never existed.
    const unknown = await signal(laptopSocket, 'A'.repeat(22));
    expect(unknown).toEqual({ ok: false, code: 'NOT_FOUND', error: 'Device not found' });
    expect(await signal(laptopSocket, strangerPhone.device.id)).toEqual(unknown);
    expect(await signal(strangerSocket, laptop.device.id)).toEqual(unknown);
    expect(await signal(laptopSocket, 'not an id!')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await signal(laptopSocket, laptop.device.id)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const tooLarge = { type: 'offer', sdp: 'x'.repeat(20_000) };
    const phone = await browser(owner, 'Chrome on Android');
    expect(await signal(laptopSocket, phone.device.id, tooLarge)).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    const signedOut = await socketOf(null);
    expect(await signal(signedOut, laptop.device.id)).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect(await signal(signedOut, 'A'.repeat(22))).toEqual(await signal(signedOut, laptop.device.id));
    // The owner signed in elsewhere without registering that browser as a device.
    const unregistered = await socketOf({ tokens: await testApp.factory.session(owner) });
    expect(await signal(unregistered, laptop.device.id)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    await sleep(100);
    expect(heardByStranger).toEqual([]);
    expect(heardByLaptop).toEqual([]);
  });

  test(
    'near:signal: at most NEAR_SIGNALS_PER_MINUTE a socket, then RATE_LIMITED and nothing relayed',
    { timeout: 20_000 },
    async () => {
      const owner = await testApp.factory.user();
      const laptop = await browser(owner, 'Firefox on Linux');
      const phone = await browser(owner, 'Chrome on Android');
      const laptopSocket = await socketOf(laptop);
      const heardByPhone = listen(await socketOf(phone));
      const signal = () => laptopSocket.emitWithAck('near:signal', { toDeviceId: phone.device.id, data: CANDIDATE });
      // Paced under the socket's own budget of 30 events a second (past it the socket is disconnected).
      for (let sent = 0; sent < NEAR_SIGNALS_PER_MINUTE; sent += 1) {
        if (sent > 0 && sent % 20 === 0) await sleep(1050);
        expect(await signal()).toEqual({ ok: true });
      }
      expect(await signal()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      await sleep(100);
      expect(heardByPhone).toHaveLength(NEAR_SIGNALS_PER_MINUTE);
    },
  );

  test('a full proof with two P-256 keys signed as browsers sign: the pair is near for 12 h, seen from both devices', async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const other = await browser(owner, 'Edge on Windows');
    expect(await nearUntilSeenBy(laptop, phone.device.id)).toBeNull();

    const issued = await challenge(laptop, phone.device.id);
    expect(issued.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);

    const res = await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued));
    expect(res.statusCode).toBe(200);
    const proof = res.json<NearProof>();
    expect([...proof.deviceIds].sort()).toEqual([laptop.device.id, phone.device.id].sort());
    const twelveHours = Date.parse(proof.nearUntil) - Date.now();
    expect(twelveHours).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(twelveHours).toBeLessThanOrEqual(12 * 3600_000);

    expect(await nearUntilSeenBy(laptop, phone.device.id)).toBe(proof.nearUntil);
    expect(await nearUntilSeenBy(phone, laptop.device.id)).toBe(proof.nearUntil);
    // Relative to the calling device: not near itself, and a third device is near neither.
    expect(await nearUntilSeenBy(laptop, laptop.device.id)).toBeNull();
    expect(await nearUntilSeenBy(laptop, other.device.id)).toBeNull();
    expect(await nearUntilSeenBy(other, laptop.device.id)).toBeNull();
    // A rename answers the device as the list does.
    const renamed = await testApp.as(laptop).patch(`/api/devices/${phone.device.id}`, { name: 'My phone' });
    expect(renamed.json()).toMatchObject({ nearUntil: proof.nearUntil, hasKey: true });

    // Deleting a device drops its nearness.
    expect((await testApp.as(laptop).delete(`/api/devices/${phone.device.id}`)).statusCode).toBe(204);
    expect(await rowsOf(laptop.device.id)).toEqual([]);
  });

  test('a wrong signature, a third key, a swapped signer, a reused, expired or foreign challenge: one 403, nothing recorded', async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const third = await newKeys();
    const refused = async (res: Awaited<ReturnType<typeof prove>>) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Nearness was not proved' });
    };

    // A signature over another text (a wrong nonce).
    let issued = await challenge(laptop, phone.device.id);
    const wrong = await signBoth(laptop, phone, { ...issued, nonce: 'B'.repeat(43) });
    await refused(await prove(laptop, issued.challengeId, wrong));
    // The same challenge is spent by that attempt: the right signatures come too late.
    await refused(await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued)));

    // B's part signed by a third key (someone who is not the phone).
    issued = await challenge(laptop, phone.device.id);
    await refused(
      await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued, { a: laptop.keys, b: third })),
    );
    // The laptop signing for both.
    issued = await challenge(laptop, phone.device.id);
    await refused(
      await prove(
        laptop,
        issued.challengeId,
        await signBoth(laptop, phone, issued, { a: laptop.keys, b: laptop.keys }),
      ),
    );
    // Not a signature at all.
    issued = await challenge(laptop, phone.device.id);
    await refused(await prove(laptop, issued.challengeId, { [laptop.device.id]: 'AAAA', [phone.device.id]: 'AAAA' }));

    // Expired: the row's time has passed (60 s in real life).
    issued = await challenge(laptop, phone.device.id);
    await testApp.context.db
      .update(nearChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(nearChallenges.id, issued.challengeId));
    await refused(await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued)));

    // Unknown challenge id.
    await refused(await prove(laptop, 'C'.repeat(22), await signBoth(laptop, phone, issued)));

    // Posted by a stranger or by a third device of the owner: refused, and the challenge is not spent by them.
    issued = await challenge(laptop, phone.device.id);
    const signatures = await signBoth(laptop, phone, issued);
    const stranger = await browser(await testApp.factory.user(), 'Stranger');
    await refused(await prove(stranger, issued.challengeId, signatures));
    const tablet = await browser(owner, 'Safari on iPad');
    await refused(await prove(tablet, issued.challengeId, signatures));
    expect(await rowsOf(laptop.device.id)).toEqual([]);

    // Reused: the one good proof counts once, the second post of it is refused.
    expect((await prove(laptop, issued.challengeId, signatures)).statusCode).toBe(200);
    await testApp.context.db.delete(deviceNearness).where(eq(deviceNearness.userId, owner.id));
    await refused(await prove(laptop, issued.challengeId, signatures));
    expect(await rowsOf(laptop.device.id)).toEqual([]);
  });

  /** The `device:near` events a socket hears. */
  const nearEventsOf = (socket: TestSocket) => {
    const heard: NearProof[] = [];
    socket.on('device:near', (payload) => heard.push(payload));
    return heard;
  };

  test("the QR code's path: the other device (B) posts the proof; it is recorded and A's socket hears device:near", async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const heardByLaptop = nearEventsOf(await socketOf(laptop));
    const heardByStranger = nearEventsOf(await socketOf(await browser(await testApp.factory.user(), 'Stranger')));

    const issued = await challenge(laptop, phone.device.id);
    const res = await prove(phone, issued.challengeId, await signBoth(laptop, phone, issued));
    expect(res.statusCode).toBe(200);
    const proof = res.json<NearProof>();
    expect([...proof.deviceIds].sort()).toEqual([laptop.device.id, phone.device.id].sort());
    expect(await nearUntilSeenBy(laptop, phone.device.id)).toBe(proof.nearUntil);
    expect(await nearUntilSeenBy(phone, laptop.device.id)).toBe(proof.nearUntil);
    await vi.waitFor(() => expect(heardByLaptop).toEqual([proof]), inBackground);
    await sleep(50);
    expect(heardByStranger).toEqual([]);
  });

  test("the QR code's path refused: a third user's device, a forged challenge id, a reused challenge, a wrong signature: one 403, nothing recorded, nothing told", async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const stranger = await browser(await testApp.factory.user(), 'Safari on iPhone');
    const heardByLaptop = nearEventsOf(await socketOf(laptop));
    const refused = async (res: Awaited<ReturnType<typeof prove>>) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Nearness was not proved' });
    };

    // A third user's device posting A's and B's signatures (it read the link): refused, not spent.
    let issued = await challenge(laptop, phone.device.id);
    const signatures = await signBoth(laptop, phone, issued);
    await refused(await prove(stranger, issued.challengeId, signatures));
    // The third user's device signing as B itself.
    await refused(
      await prove(stranger, issued.challengeId, {
        [laptop.device.id]: signatures[laptop.device.id] ?? '',
        [stranger.device.id]: await sign(stranger.keys, 'anything'),
      }),
    );
    // A forged challenge id.
    await refused(await prove(phone, 'F'.repeat(22), signatures));
    // A wrong signature from B (another challenge's text): refused, and it spends the challenge.
    const wrong = await signBoth(laptop, phone, { ...issued, nonce: 'B'.repeat(43) });
    await refused(
      await prove(phone, issued.challengeId, { ...signatures, [phone.device.id]: wrong[phone.device.id] ?? '' }),
    );
    await refused(await prove(phone, issued.challengeId, signatures));
    expect(await rowsOf(laptop.device.id)).toEqual([]);

    // Reused: proved once by B, the same link posted again (by B or by A) is refused.
    issued = await challenge(laptop, phone.device.id);
    const good = await signBoth(laptop, phone, issued);
    expect((await prove(phone, issued.challengeId, good)).statusCode).toBe(200);
    await vi.waitFor(() => expect(heardByLaptop).toHaveLength(1), inBackground);
    await testApp.context.db.delete(deviceNearness).where(eq(deviceNearness.userId, owner.id));
    await refused(await prove(phone, issued.challengeId, good));
    await refused(await prove(laptop, issued.challengeId, good));
    expect(await rowsOf(laptop.device.id)).toEqual([]);
    await sleep(50);
    expect(heardByLaptop).toHaveLength(1);
  });

  test("challenges: another user's device and an unknown id are one 404, the device itself 403, a device without a key 409, signed out 401", async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const keyless = await browser(owner, 'Chrome on Android', { withKey: false });
    const stranger = await browser(await testApp.factory.user(), 'Safari on iPhone');
    const ask = (caller: Caller | null, withDeviceId: string) =>
      testApp.as(caller).post('/api/nearness/challenges', { withDeviceId });

    // Whoever asks, another account's device answers exactly as an id that never existed.
    for (const [caller, status] of [
      [laptop, 404],
      [null, 401],
    ] as const) {
      const othersDevice = answerShape(await ask(caller, stranger.device.id));
      expect(othersDevice.status).toBe(status);
      expect(othersDevice).toEqual(answerShape(await ask(caller, 'D'.repeat(22))));
    }
    expect((await ask(laptop, 'forged id')).statusCode).toBe(400);
    expect((await ask(laptop, laptop.device.id)).statusCode).toBe(403);
    expect((await ask(laptop, keyless.device.id)).json()).toMatchObject({ code: 'CONFLICT' });
    expect((await ask(null, laptop.device.id)).statusCode).toBe(401);
    const publicKey = await subtle.exportKey('jwk', laptop.keys.publicKey);
    expect((await testApp.as(null).put('/api/devices/current/key', { publicKey })).statusCode).toBe(401);
  });

  test('a personal access token neither registers a key, asks a challenge, proves nor signals (TOKEN_NOT_ALLOWED)', async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const { caller: token } = await testApp.factory.token({ owner, name: 'rw', scopes: ['clips:write', 'clips:read'] });
    const publicKey = await subtle.exportKey('jwk', laptop.keys.publicKey);
    const codeOf = async (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
    expect(await codeOf(await testApp.as(token).put('/api/devices/current/key', { publicKey }))).toBe(
      'TOKEN_NOT_ALLOWED',
    );
    expect(
      await codeOf(await testApp.as(token).post('/api/nearness/challenges', { withDeviceId: phone.device.id })),
    ).toBe('TOKEN_NOT_ALLOWED');
    const issued = await challenge(laptop, phone.device.id);
    expect(await codeOf(await prove(token, issued.challengeId, await signBoth(laptop, phone, issued)))).toBe(
      'TOKEN_NOT_ALLOWED',
    );
    const tokenSocket = await socketOf(token);
    expect(await tokenSocket.emitWithAck('near:signal', { toDeviceId: phone.device.id, data: OFFER })).toMatchObject({
      ok: false,
      code: 'TOKEN_NOT_ALLOWED',
    });
    // The challenge was not spent by the token's attempt: its issuer still proves with it.
    expect((await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued))).statusCode).toBe(200);
  });

  test('keys: only a public P-256 point is stored; a private part or a point off the curve is 400; a new key ends old proofs', async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const extractable = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const privateJwk = await subtle.exportKey('jwk', extractable.privateKey);
    const putKey = (publicKey: object) => testApp.as(laptop).put('/api/devices/current/key', { publicKey });
    expect((await putKey(privateJwk)).statusCode).toBe(400);
    const publicJwk = await subtle.exportKey('jwk', extractable.publicKey);
    expect((await putKey({ ...publicJwk, x: publicJwk.y })).statusCode).toBe(400);
    expect((await putKey({ ...publicJwk, crv: 'P-384' })).statusCode).toBe(400);
    const devicesSeen = (await testApp.as(laptop).get('/api/devices')).json<DeviceList>().devices;
    expect(devicesSeen.map((d) => d.hasKey)).toEqual([true, true]);

    const issued = await challenge(laptop, phone.device.id);
    expect((await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued))).statusCode).toBe(200);
    expect(await rowsOf(laptop.device.id)).toHaveLength(1);
    expect((await putKey(publicJwk)).statusCode).toBe(204);
    expect(await rowsOf(laptop.device.id)).toEqual([]);
  });

  test("LAN peers: one of the viewer's devices proved near is listed first as verified; grouped by address only is unverified", async () => {
    const owner = await testApp.factory.user();
    const laptop = await browser(owner, 'Firefox on Linux');
    const phone = await browser(owner, 'Chrome on Android');
    const tablet = await browser(owner, 'Safari on iPad');
    const lanPeer = async (caller: Caller | null, type: 'lan_host' | 'lan_discover') => {
      const socket = await connectSocket(baseUrl, {
        ...(caller ? { token: caller.tokens.access_token } : {}),
        query: { type },
      });
      openSockets.push(socket);
      return socket;
    };
    const desktop = { desktopId: 'desktop-lan', items: [], lastUpdated: new Date().toISOString() };
    const host = async (caller: Caller | null, name: string) => {
      const socket = await lanPeer(caller, 'lan_host');
      expect(await socket.emitWithAck('lan:host:announce', { name, desktop })).toEqual({ ok: true });
    };
    const listOf = async (socket: TestSocket) => {
      const list = new Promise<LanPeersList>((resolve) => socket.once('lan:peers:list', resolve));
      socket.emit('lan:discover:request_peers', {});
      return (await list).peers.map(({ name, nearness }) => [name, nearness]);
    };
    // Announced in this order: a stranger's signed-out browser, the owner's tablet (not proved), the laptop.
    await host(null, 'Stranger');
    await host(tablet, 'Tablet');
    await host(laptop, 'Laptop');
    const phoneSocket = await lanPeer(phone, 'lan_discover');
    await sleep(100);
    expect(await listOf(phoneSocket)).toEqual([
      ['Stranger', 'unverified'],
      ['Tablet', 'unverified'],
      ['Laptop', 'unverified'],
    ]);

    const issued = await challenge(laptop, phone.device.id);
    expect((await prove(laptop, issued.challengeId, await signBoth(laptop, phone, issued))).statusCode).toBe(200);
    expect(await listOf(phoneSocket)).toEqual([
      ['Laptop', 'verified'],
      ['Stranger', 'unverified'],
      ['Tablet', 'unverified'],
    ]);
    // A signed-out viewer on the same network sees everyone as unverified.
    expect((await listOf(await lanPeer(null, 'lan_discover'))).map(([, nearness]) => nearness)).toEqual([
      'unverified',
      'unverified',
      'unverified',
    ]);
  });
});
