import { describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { logRecorder, type LogLine } from '../../test/log-recorder';
import { connectSocket } from '../../test/socket-client';

const PROXY_WARNING = /a proxy seems to be in front.*grouped as one network/;
const warningsIn = (lines: LogLine[]) => lines.filter((line) => line.level === 40 && PROXY_WARNING.test(line.msg));
const health = (testApp: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers });

async function withApp(env: Record<string, string>, run: (testApp: TestApp, lines: LogLine[]) => Promise<void>) {
  const log = logRecorder();
  const testApp = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
  try {
    await run(testApp, log.lines);
  } finally {
    await testApp.close();
  }
}

describe('a proxy in front without TRUST_PROXY', () => {
  test('a loopback request with forwarding headers is warned about once per process', async () => {
    await withApp({}, async (testApp, lines) => {
      await health(testApp, '127.0.0.1');
      await health(testApp, '203.0.113.7', { 'x-forwarded-for': '198.51.100.1' });
      expect(warningsIn(lines)).toHaveLength(0);
      await health(testApp, '127.0.0.1', { 'x-forwarded-for': '198.51.100.1' });
      await health(testApp, '::1', { via: '1.1 caddy' });
      await health(testApp, '127.0.0.1', { forwarded: 'for=198.51.100.2' });
      expect(warningsIn(lines)).toHaveLength(1);
      expect(warningsIn(lines)[0]?.msg).toMatch(/one address for limits.*set TRUST_PROXY/);
    });
  });

  test('a socket handshake through such a proxy is warned about too', async () => {
    await withApp({}, async (testApp, lines) => {
      const socket = await connectSocket(await testApp.listen(), { headers: { 'x-forwarded-for': '198.51.100.1' } });
      socket.close();
      expect(warningsIn(lines)).toHaveLength(1);
    });
  });

  test('with TRUST_PROXY set, forwarded loopback requests are what is expected: no warning', async () => {
    await withApp({ TRUST_PROXY: '127.0.0.1' }, async (testApp, lines) => {
      await health(testApp, '127.0.0.1', { 'x-forwarded-for': '198.51.100.1' });
      expect(warningsIn(lines)).toHaveLength(0);
    });
  });
});
