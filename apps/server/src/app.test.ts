import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { REQUEST_TIMEOUT_MS } from './app';

/**
 * A client on the network cannot hold a connection open by trickling a request: Node cuts one whose
 * headers or body have not arrived in time (it checks every 30 s, too slow to wait for in a test, so the
 * limits themselves are read).
 */
describe('the HTTP server’s time limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
    await testApp.listen();
  });
  afterAll(() => testApp.close());

  test('a request must arrive whole within 5 minutes, its headers within one (Fastify would switch both off)', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    expect(testApp.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(testApp.app.server.headersTimeout).toBe(60_000);
  });
});
