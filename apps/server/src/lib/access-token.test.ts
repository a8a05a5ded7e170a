import { afterEach, describe, expect, test, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const OTHER_SECRET = 'another-secret-of-at-least-32-characters';
const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  test('a token verifies to its user and session, again and again', async () => {
    const token = await signAccessToken(SECRET, claims);
    for (let round = 0; round < 3; round++) {
      expect(await verifyAccessToken(SECRET, token)).toMatchObject(claims);
    }
  });

  test('a token verified once is still refused when altered, or under another secret', async () => {
    const token = await signAccessToken(SECRET, claims);
    await verifyAccessToken(SECRET, token);
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'someone-else', sid: 'session-1', typ: 'access' }));
    for (const forged of [
      `${header}.${forgedPayload.toString('base64url')}.${signature}`,
      `${header}.${payload}.${signature?.slice(0, -2)}AA`,
    ]) {
      await expect(verifyAccessToken(SECRET, forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(verifyAccessToken(OTHER_SECRET, token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('a remembered token stops working at its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signAccessToken(SECRET, claims, 60);
    expect(await verifyAccessToken(SECRET, token)).toMatchObject(claims);
    vi.setSystemTime(Date.now() + 59_000);
    expect(await verifyAccessToken(SECRET, token)).toMatchObject(claims);
    vi.setSystemTime(Date.now() + 2_000);
    await expect(verifyAccessToken(SECRET, token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
