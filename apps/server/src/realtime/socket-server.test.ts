import { NUL_REFUSED_MESSAGE } from '@clipsync/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/build-test-app';
import { connectSocket, nextEvent, socketPool } from '../../test/socket-client';
import { signAccessToken } from '../lib/access-token';

const unsignedToken = (claims: Record<string, unknown>) => {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
};

describe('Socket.IO on the app server', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  const connect = (options: Parameters<typeof connectSocket>[1] = {}) => sockets.connect(baseUrl, options);

  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('a signed-out client connects over websocket from the app origin', async () => {
    const socket = await connect({ origin: 'http://localhost:3000' });
    expect(socket.connected).toBe(true);
  });

  test('a foreign Origin is refused', async () => {
    await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow();
  });

  test('a valid access token of a live session is accepted', async () => {
    const user = await testApp.factory.user();
    const socket = await connect({ token: user.tokens.access_token });
    expect(socket.connected).toBe(true);
  });

  test('a well-signed token of an unknown session is refused', async () => {
    const token = await signAccessToken(TEST_JWT_SECRET, { userId: 'user-1', sessionId: 'forged-session' });
    await expect(connect({ token })).rejects.toThrow();
  });

  test.each([
    ['tampered', async () => `${await signAccessToken(TEST_JWT_SECRET, { userId: 'u', sessionId: 's' })}x`],
    [
      'signed with another secret',
      () => signAccessToken('another-secret-that-is-32-characters-long!!', { userId: 'u', sessionId: 's' }),
    ],
    ['expired', () => signAccessToken(TEST_JWT_SECRET, { userId: 'u', sessionId: 's' }, -10)],
    [
      'alg none',
      async () => unsignedToken({ sub: 'u', sid: 's', typ: 'access', exp: Math.floor(Date.now() / 1000) + 60 }),
    ],
    [
      'of the wrong type',
      () =>
        new SignJWT({ sid: 's', typ: 'refresh' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('u')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
    ],
  ])('a %s token is refused at the handshake', async (_name, makeToken) => {
    const error = await connect({ token: await makeToken() }).catch((refusal: Error & { data?: unknown }) => refusal);
    expect(error).toBeInstanceOf(Error);
    expect((error as { data?: unknown }).data).toEqual({ code: 'UNAUTHORIZED' });
  });

  test('domain events reach the sockets of their channel and no others', async () => {
    const owner = await testApp.factory.user();
    const stranger = await testApp.factory.user();
    const ownerSocket = await connect({ token: owner.tokens.access_token });
    const strangerSocket = await connect({ token: stranger.tokens.access_token });
    let strangerHeard = false;
    strangerSocket.on('clip-update', () => {
      strangerHeard = true;
    });

    const received = nextEvent(ownerSocket, 'clip-update');
    testApp.context.events.emit('clip.content-saved', {
      clipId: 'c1',
      ownerId: owner.id,
      content: 'hello',
      version: 1,
      files: [],
    });
    expect(await received).toEqual({ clipId: 'c1', content: 'hello', version: 1, files: [] });
    // Give a wrongly routed message time to arrive before concluding it was never sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerHeard).toBe(false);
  });
});

describe('socket payloads', () => {
  test('a NUL character in an emit’s text is refused naming the field, and nothing is saved', async () => {
    const testApp = await buildTestApp();
    const owner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner, content: 'before' });
    const socket = await connectSocket(await testApp.listen(), { token: owner.tokens.access_token });
    const ack = await socket.emitWithAck('clip-content-update', { clipId: clip.id, content: 'a\0b' });
    expect(ack).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      error: `Invalid payload.content: ${NUL_REFUSED_MESSAGE}`,
    });
    expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json()).toMatchObject({ content: 'before' });
    socket.close();
    await testApp.close();
  });
});

describe('socket event limits', () => {
  test('a socket that floods emits is disconnected', async () => {
    const testApp = await buildTestApp();
    const socket = await connectSocket(await testApp.listen());
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    for (let i = 0; i < 40; i++) socket.emit('clip:leave', { clipId: 'x' });
    expect(await disconnected).toBe('io server disconnect');
    socket.close();
    await testApp.close();
  });
});
