import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** A Redis URL nothing answers at: the port was free a moment ago and is closed again. */
async function unreachableRedisUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

describe('limits while Redis is unreachable', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ REDIS_URL: await unreachableRedisUrl(), RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => testApp.close());

  test('the per-address limit counts in this process instead: still 429 past it, per /64', async () => {
    const health = (remoteAddress: string) => testApp.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
    for (let i = 1; i <= 3; i++) expect((await health(`2001:db8:9:1::${i}`)).statusCode).toBe(200);
    const limited = await health('2001:db8:9:1::4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await health('2001:db8:9:2::1')).statusCode).toBe(200);
  });

  test('wrong passwords still lock the account for that client', async () => {
    const owner = await testApp.factory.user();
    const login = (password: string, remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: owner.email, password },
      });
    for (let i = 1; i <= 8; i++) expect((await login('wrong-password', `2001:db8:9:3::${i}`)).statusCode).toBe(401);
    expect((await login(owner.password, '2001:db8:9:3::99')).statusCode).toBe(429);
    expect((await login(owner.password, '2001:db8:9:4::1')).statusCode).toBe(200);
  });
});
