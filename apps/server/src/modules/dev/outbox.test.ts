import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { logRecorder } from '../../../test/log-recorder';

const outboxFrom = (testApp: TestApp, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1', headers });

describe('the dev outbox and proxies on the same machine', () => {
  let testApp: TestApp;
  const log = logRecorder();
  beforeAll(async () => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => testApp.close());

  test('answers a loopback caller that came through no proxy, and says at start where it is', async () => {
    expect((await outboxFrom(testApp)).statusCode).toBe(200);
    expect(log.lines.some((line) => /dev outbox at \/api\/dev\/outbox/.test(line.msg))).toBe(true);
  });

  test.each([
    ['forwarded', 'for=203.0.113.7'],
    ['x-forwarded-for', '203.0.113.7'],
    ['x-real-ip', '203.0.113.7'],
    ['cf-connecting-ip', '203.0.113.7'],
    ['via', '1.1 caddy'],
  ])('is a 404 to a loopback caller whose request carries %s', async (header, value) => {
    const res = await outboxFrom(testApp, { [header]: value });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not found', code: 'NOT_FOUND' });
  });

  test('is not offered at all with TRUST_PROXY set, and the log says why at start', async () => {
    const proxied = logRecorder();
    const behindProxy = await buildTestApp(
      { NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
      { logStream: proxied.stream },
    );
    try {
      const res = await outboxFrom(behindProxy);
      expect(res.statusCode).toBe(404);
      expect(proxied.lines.some((line) => /dev outbox off: TRUST_PROXY is set/.test(line.msg))).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});
