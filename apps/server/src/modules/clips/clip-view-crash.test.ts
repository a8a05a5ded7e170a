import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { authorized, signUpSession } from '../../../test/http-session';
import { startSourceServer, type SourceServer } from '../../../test/server-process';
import { VIEW_FLUSH_INTERVAL_MS } from './clip-view-batch';
import { dataDirWithDatabase } from '../../../test/pglite-data-dir';

const JWT_SECRET = 'crash-test-secret-that-is-at-least-32-characters';
const READS = 20;

/** Views are gathered for at most VIEW_FLUSH_INTERVAL_MS: a kill after that loses none of them. */
describe('views gathered in memory, and a server killed', () => {
  const running: SourceServer[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const { child } of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const start = async () => {
    const server = startSourceServer({ DATA_DIR: dataDir, JWT_SECRET, RATE_LIMIT_PER_MINUTE: '1000000' });
    running.push(server);
    return { server, base: await server.ready };
  };

  test('SIGKILL half a second after the batch is due keeps every view read before it', async () => {
    dataDir = await dataDirWithDatabase('clipsync-view-crash-');
    let { server, base } = await start();
    const session = await signUpSession(base);
    const created = await fetch(`${base}/api/clipboard`, {
      method: 'POST',
      headers: authorized(session, { 'content-type': 'application/json' }),
      body: JSON.stringify({ content: 'read, then a power cut' }),
    });
    const { id } = (await created.json()) as { id: string };
    for (let read = 0; read < READS; read++) expect((await fetch(`${base}/api/clipboard/${id}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, VIEW_FLUSH_INTERVAL_MS + 500));
    server.child.kill('SIGKILL');
    await server.exited;

    ({ server, base } = await start());
    session.base = base;
    const log = await fetch(`${base}/api/clipboard/${id}/views`, { headers: authorized(session) });
    expect(((await log.json()) as { views: unknown[] }).views).toHaveLength(READS);
    server.child.kill('SIGKILL');
    await server.exited;
  }, 180_000);
});
