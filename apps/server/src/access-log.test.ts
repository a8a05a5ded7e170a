import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { logRecorder } from '../test/log-recorder';

/** Whoever reads the server's logs gets no key to anyone's account, invite or shared desktop. */
describe('the access log', () => {
  const logs = logRecorder();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
  });
  afterAll(() => testApp.close());

  test('keeps each request’s path, without tokens in the query, in share or invite paths, or in headers', async () => {
    const secret = 'c2VjcmV0LXRva2VuLXRoYXQtbXVzdC1ub3QtbGVhaw';
    await testApp.app.inject({ method: 'GET', url: `/api/virtual-desktop/shared/${secret}` });
    await testApp.app.inject({ method: 'GET', url: `/rooms/join/${secret}` });
    await testApp.app.inject({ method: 'POST', url: `/api/auth/confirm-email?token=${secret}` });
    await testApp.app.inject({ method: 'GET', url: '/api/clipboard', headers: { authorization: `Bearer ${secret}` } });

    const urls = logs.lines.flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/virtual-desktop/shared/…',
        '/rooms/join/…',
        '/api/auth/confirm-email',
        '/api/clipboard',
      ]),
    );
    expect(JSON.stringify(logs.lines)).not.toContain(secret);
  });
});
