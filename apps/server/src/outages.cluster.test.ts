import type { SocketAck } from '@clipsync/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpSession, historyIds, writeClips, type WriteLog } from '../test/http-session';
import { startOwnPostgres, startOwnRedis, type OwnService } from '../test/own-services';
import { startSourceServer, type SourceServer } from '../test/server-process';
import { connectSocket, type TestSocket } from '../test/socket-client';
import { createTestDatabase } from '../test/test-database';

const JWT_SECRET = 'outage-test-secret-that-is-at-least-32-characters';
const WRITERS = 4;
const POSTGRES_DOWN_MS = 3000;
/** Back within 10 s of the database (docs/deployment.md). */
const POSTGRES_RECOVERY_MAX_MS = 10_000;
const REDIS_DOWN_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Outages (docs/deployment.md), each against servers of the test's own (the suite's shared PostgreSQL and Redis must
 * never stop): the database restarted under load, and Redis gone for 30 s under two nodes. Runs in the
 * scale-out leg (TEST_DATABASE_URL and TEST_REDIS_URL set: PostgreSQL and Redis are installed).
 */
describe('outages', () => {
  const owned: OwnService[] = [];
  const processes: SourceServer[] = [];
  const apps: TestApp[] = [];
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(owned.map((service) => service.destroy()));
  });

  test('PostgreSQL restarted under load: 503 while it is down, no crash, back within 10 s, no acknowledged write lost', async () => {
    const postgres = await startOwnPostgres();
    owned.push(postgres);
    const server = startSourceServer({ DATABASE_URL: postgres.url, JWT_SECRET, RATE_LIMIT_PER_MINUTE: '1000000' });
    processes.push(server);
    const session = await signUpSession(await server.ready);
    const log: WriteLog = { acknowledged: [], statuses: [] };
    let isStopped = false;
    const writers = Array.from({ length: WRITERS }, () =>
      writeClips(session, log, { isStopped: () => isStopped, untilFirstFailure: false }),
    );
    while (log.acknowledged.length < 20) await sleep(10);

    await postgres.stop();
    const answeredWhileDown = log.statuses.length;
    await sleep(POSTGRES_DOWN_MS);
    const ready = await fetch(`${session.base}/api/ready`);
    expect(ready.status).toBe(503);
    const whileDown = log.statuses.slice(answeredWhileDown);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(new Set(whileDown)).toEqual(new Set([503]));

    await postgres.start();
    const upAt = Date.now();
    const acknowledgedBefore = log.acknowledged.length;
    while (log.acknowledged.length === acknowledgedBefore && Date.now() - upAt < POSTGRES_RECOVERY_MAX_MS * 2) {
      await sleep(20);
    }
    const recoveryMs = Date.now() - upAt;
    isStopped = true;
    await Promise.all(writers);

    expect(recoveryMs).toBeLessThanOrEqual(POSTGRES_RECOVERY_MAX_MS);
    // Every answer was a success or a 503: never a 500, never a dropped connection (a crashed process).
    expect(new Set(log.statuses)).toEqual(new Set([201, 503]));
    expect(server.child.exitCode).toBeNull();
    const stored = await historyIds(session);
    expect(log.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }, 120_000);

  test('Redis down for 30 s: both nodes keep serving, a node’s own sockets keep hearing it, cross-node delivery resumes after', async () => {
    const redis = await startOwnRedis();
    owned.push(redis);
    const database = await createTestDatabase();
    owned.push({ url: database.url, start: async () => {}, stop: async () => {}, destroy: database.drop });
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url };
    const [nodeA, nodeB] = [await buildTestApp(env), await buildTestApp(env)];
    apps.push(nodeA, nodeB);
    const [urlA, urlB] = [await nodeA.listen(), await nodeB.listen()];
    const owner = await nodeA.factory.user();
    const clip = await nodeA.factory.clip({ owner, content: 'before' });
    const heard: Record<'a' | 'b', string[]> = { a: [], b: [] };
    for (const [name, url] of [
      ['a', urlA],
      ['b', urlB],
    ] as const) {
      const viewer = await connectSocket(url);
      sockets.push(viewer);
      viewer.on('clip-content-updated', ({ content }) => heard[name].push(content));
      const joined = await new Promise<Parameters<SocketAck>[0]>((resolve) =>
        viewer.emit('clip:join', { clipId: clip.id }, resolve),
      );
      expect(joined).toEqual({ ok: true });
    }
    let saves = 0;
    const saveThroughA = async (label: string) => {
      const content = `${label} ${++saves}`;
      const saved = await nodeA.as(owner).put(`/api/clipboard/${clip.id}`, { content });
      expect(saved.statusCode).toBe(200);
      return content;
    };
    const heardOn = async (name: 'a' | 'b', label: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!heard[name].some((content) => content.startsWith(label))) {
        if (Date.now() > deadline)
          throw new Error(`node ${name}'s viewer heard no "${label}" save: ${heard[name].join(', ')}`);
        await saveThroughA(label);
        await sleep(200);
      }
    };
    await heardOn('b', 'before outage', 10_000);

    await redis.stop();
    const downAt = Date.now();
    while (Date.now() - downAt < REDIS_DOWN_MS) {
      const content = await saveThroughA('during outage');
      await expect.poll(() => heard.a.includes(content), { timeout: 2000 }).toBe(true);
      for (const node of [nodeA, nodeB]) {
        expect((await node.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
      const readThroughB = await nodeB.as(null).get(`/api/clipboard/${clip.id}`);
      expect(readThroughB.json()).toMatchObject({ content });
      await sleep(1000);
    }

    await redis.start();
    await heardOn('b', 'after outage', 20_000);
    expect((await nodeB.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  }, 120_000);
});
