import { afterEach, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { logRecorder } from '../test/log-recorder';

/** A terminal stays readable: answered requests write nothing unless LOG_REQUESTS asks for the access log. */
describe('request lines', () => {
  let testApp: TestApp | undefined;
  afterEach(() => testApp?.close());

  const completedLines = (logs: ReturnType<typeof logRecorder>) =>
    logs.lines.filter((line) => line.msg === 'request completed');

  test('by default an answered request writes no line, while the start still logs at info', async () => {
    const logs = logRecorder();
    testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
    expect((await testApp.as(null).get('/api/health')).statusCode).toBe(200);
    expect((await testApp.as(null).get('/api/no-such-route')).statusCode).toBe(404);
    expect(completedLines(logs)).toEqual([]);
    expect(logs.lines.some((line) => line.level === 30)).toBe(true);
  });

  test('LOG_REQUESTS=true writes one line per answered request', async () => {
    const logs = logRecorder();
    testApp = await buildTestApp({ LOG_LEVEL: 'info', LOG_REQUESTS: 'true' }, { logStream: logs.stream });
    await testApp.as(null).get('/api/health');
    expect(completedLines(logs)).toHaveLength(1);
    expect(completedLines(logs)[0]).toMatchObject({
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    });
  });
});
