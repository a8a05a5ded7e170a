import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { takeContractDrifts } from '../../test/contract-check';
import { logRecorder } from '../../test/log-recorder';
import { pgliteTemplate } from '../../test/pglite-template';
import { pgliteHandle } from './client';
import { PgliteWorker } from './pglite-worker-client';

/** The embedded database's thread dying (a WebAssembly abort, out of memory) under a running server. */
describe("the server when PGlite's worker dies", () => {
  let testApp: TestApp;
  let worker: PgliteWorker;
  const log = logRecorder();
  beforeAll(async () => {
    worker = await PgliteWorker.start({ dataDir: undefined, template: await pgliteTemplate() });
    const database = pgliteHandle(worker, undefined, pino({ level: 'error' }, log.stream));
    testApp = await buildTestApp({}, { database });
  });
  afterAll(() => testApp.close());

  test('answers 503 instead of hanging, says why in its log, and is no longer ready', async () => {
    const owner = await testApp.factory.user();
    expect((await testApp.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // A request in flight when the thread ends, held in the database by a slow statement of its own.
    const slow = worker.query('select pg_sleep(30)');
    const inFlight = testApp.as(owner).post('/api/clipboard', { content: 'written as the database dies' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await worker.terminate();
    await expect(slow).rejects.toThrow(/PGlite's worker stopped/);

    const answer = await inFlight;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    const later = await testApp.as(owner).post('/api/clipboard', { content: 'after' });
    expect(later.statusCode).toBe(503);
    // The error model answers 503 on any route while the database cannot be reached (plugins/errors.ts), and
    // the document lists it on every operation: no answer drifted from it.
    expect(takeContractDrifts().drifts).toEqual([]);

    const ready = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: expect.stringContaining('the embedded database stopped') as unknown }),
    );
  });
});
