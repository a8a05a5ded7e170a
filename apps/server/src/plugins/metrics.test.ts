import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { socketPool } from '../../test/socket-client';
import type { JobOutcome } from '../lib/job-runs';
import type { Mail } from '../mail/mailer';
import { defineModule, registerModules } from '../modules/define-module';
import { inBackground } from '../../test/waits';

const TOKEN = 'scrape-token-for-the-tests-0123456789';

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function seriesValue(body: string, series: string): number | undefined {
  const line = body.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  // Built in the hook, which has the minute a fresh app can take on loaded cores (a test has 20 s).
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  test('does not exist: the JSON 404 of any unknown API path', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const sockets = socketPool();
  const jobFinished = (job: string, outcome: JobOutcome) =>
    new Promise<void>((resolve) => {
      const stop = testApp.context.jobRuns.on((run) => {
        if (run.job !== job || run.outcome !== outcome) return;
        stop();
        resolve();
      });
    });
  let probeJobsRan: Promise<unknown>;

  beforeAll(async () => {
    testApp = await buildTestApp({ METRICS_TOKEN: TOKEN });
    probeJobsRan = Promise.all([jobFinished('probe', 'ok'), jobFinished('failing probe', 'failed')]);
    const probes = defineModule(() => ({
      jobs: [
        { name: 'probe', everyMs: 10, run: async () => 'swept' },
        { name: 'failing probe', everyMs: 10, run: () => Promise.reject(new Error('sweep failed')) },
      ],
    }));
    await registerModules(testApp.app, testApp.context, [probes]);
    baseUrl = await testApp.listen();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  const scrape = async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  test.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer not-the-scrape-token-at-all'],
    ['a wrong token of the same length', `Bearer ${'x'.repeat(TOKEN.length)}`],
    ['the token without the Bearer scheme', TOKEN],
    ['the token with a trailing extra', `Bearer ${TOKEN}x`],
  ])('%s is refused with 401', async (_case, authorization) => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
    expect(res.body).not.toContain('process_cpu');
  });

  test('answers the Prometheus text format, with the process metrics', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
  });

  test('times requests by route pattern, never by the id in the URL, and leaves the scrape out', async () => {
    const owner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner });
    expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
    expect((await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
    expect((await testApp.as(null).get(`/api/no-such-route/${clip.id}`)).statusCode).toBe(404);
    await scrape();

    const body = await scrape();
    const byId = 'http_request_duration_seconds_count{method="GET",route="/api/clipboard/:id",status_code="200"}';
    expect(seriesValue(body, byId)).toBe(2);
    expect(
      seriesValue(body, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/clipboard/:id"');
    expect(body).not.toContain(clip.id);
    expect(body).not.toContain('route="/api/metrics"');
  });

  test('counts the sockets open on this node', async () => {
    expect(seriesValue(await scrape(), 'socketio_connected_sockets')).toBe(0);
    const socket = await sockets.connect(baseUrl);
    expect(seriesValue(await scrape(), 'socketio_connected_sockets')).toBe(1);
    socket.close();
    await vi.waitFor(
      async () => expect(seriesValue(await scrape(), 'socketio_connected_sockets')).toBe(0),
      inBackground,
    );
  });

  test('reports the mails not yet sent', async () => {
    expect(seriesValue(await scrape(), 'mail_queue_depth')).toBe(0);
    let release: () => void = () => undefined;
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    const mail: Mail = { to: 'a@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', links: [] };
    testApp.context.mail.enqueue(() => isReleased.then(() => mail));
    expect(seriesValue(await scrape(), 'mail_queue_depth')).toBe(1);
    release();
    await vi.waitFor(async () => expect(seriesValue(await scrape(), 'mail_queue_depth')).toBe(0), inBackground);
  });

  test('counts job runs by job and outcome, and times them', async () => {
    await probeJobsRan;
    const body = await scrape();
    expect(seriesValue(body, 'job_runs_total{job="probe",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(body, 'job_runs_total{job="failing probe",outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(body, 'job_run_duration_seconds_count{job="probe"}')).toBeGreaterThanOrEqual(1);
  });

  test('shows the PostgreSQL pool, and no pool on PGlite', async () => {
    const body = await scrape();
    const total = seriesValue(body, 'database_pool_connections');
    if (testApp.context.database.kind === 'postgres') {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(seriesValue(body, 'database_pool_idle_connections')).toBeLessThanOrEqual(total ?? 0);
      expect(seriesValue(body, 'database_pool_waiting_queries')).toBe(0);
    } else {
      expect(body).not.toContain('database_pool_');
    }
  });
});
