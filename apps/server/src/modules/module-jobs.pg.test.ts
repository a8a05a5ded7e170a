import { afterAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { JobOutcome } from '../lib/job-runs';
import type { ModuleJob } from '../app-context';
import { defineModule, registerModules } from './define-module';

const TOKEN = 'scrape-token-for-the-tests-0123456789';
const JOB = 'blocking probe';

/** Resolves at the first tick of `JOB` on this node with this outcome. */
function nextRun(testApp: TestApp, outcome: JobOutcome): Promise<void> {
  return new Promise((resolve) => {
    const stop = testApp.context.jobRuns.on((run) => {
      if (run.job !== JOB || run.outcome !== outcome) return;
      stop();
      resolve();
    });
  });
}

function startJob(testApp: TestApp, run: ModuleJob['run']): Promise<void> {
  return registerModules(testApp.app, testApp.context, [
    defineModule(() => ({ jobs: [{ name: JOB, everyMs: 10, run }] })),
  ]);
}

/** Two nodes of one deployment: two apps on one PostgreSQL database. */
describe('jobs on several nodes sharing PostgreSQL', () => {
  const apps: TestApp[] = [];
  let release: () => void = () => undefined;
  afterAll(async () => {
    // A failed assertion must not leave node A's run holding its pool client, or closing it would wait.
    release();
    // The node that made the database drops it, last.
    for (const testApp of apps.reverse()) await testApp.close();
  });

  test('while one node runs a job, the other skips its ticks (and counts them); then it may run it', async () => {
    const nodeA = await buildTestApp({ METRICS_TOKEN: TOKEN });
    apps.push(nodeA);
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    let markStarted: () => void = () => undefined;
    const isStartedOnA = new Promise<void>((resolve) => (markStarted = resolve));
    await startJob(nodeA, async () => {
      markStarted();
      await isReleased;
    });
    await isStartedOnA;

    const nodeB = await buildTestApp({ METRICS_TOKEN: TOKEN, DATABASE_URL: nodeA.config.databaseUrl });
    apps.push(nodeB);
    let runsOnB = 0;
    const skippedOnB = nextRun(nodeB, 'skipped');
    const ranOnB = nextRun(nodeB, 'ok');
    await startJob(nodeB, async () => {
      runsOnB += 1;
    });
    await skippedOnB;
    expect(runsOnB).toBe(0);
    const scrape = await nodeB.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.body).toMatch(/^job_runs_total\{job="blocking probe",outcome="skipped"\} [1-9]/m);
    expect(scrape.body).not.toMatch(/^job_runs_total\{job="blocking probe",outcome="ok"\}/m);

    release();
    await ranOnB;
    expect(runsOnB).toBeGreaterThanOrEqual(1);
  });

  test('a run that fails still releases the lock', async () => {
    const [nodeA, nodeB] = apps as [TestApp, TestApp];
    const failing = nodeA.context.database.runAlone('failing probe', () => Promise.reject(new Error('sweep failed')));
    await expect(failing).rejects.toThrow('sweep failed');
    const next = nodeB.context.database.runAlone('failing probe', async () => 'swept');
    await expect(next).resolves.toEqual({ isRun: true, value: 'swept' });
  });
});
