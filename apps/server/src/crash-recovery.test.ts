import { randomBytes, randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clip, ClipFile } from '@clipsync/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { authorized, historyIds, signUpSession, writeClips, type WriteLog } from '../test/http-session';
import { multipartFile } from '../test/multipart';
import { startSourceServer, type SourceServer } from '../test/server-process';
import { dataDirWithDatabase } from '../test/pglite-data-dir';

const KILLS = 20;
const WRITERS = 4;
const JWT_SECRET = 'crash-test-secret-that-is-at-least-32-characters';

/**
 * A node killed without warning (SIGKILL: power cut, OOM killer, `kill -9`) and started again on the same
 * DATA_DIR loses nothing it acknowledged, and leaves no half-written file behind (docs/deployment.md).
 */
describe('killed mid-write and started again', () => {
  const running: SourceServer[] = [];
  const dataDirs: string[] = [];
  const start = async (dataDir: string) => {
    const server = startSourceServer({ DATA_DIR: dataDir, JWT_SECRET, RATE_LIMIT_PER_MINUTE: '1000000' });
    running.push(server);
    return { server, base: await server.ready };
  };
  const kill = async (server: SourceServer) => {
    server.child.kill('SIGKILL');
    await server.exited;
  };
  const newDataDir = async () => {
    const dataDir = await dataDirWithDatabase('clipsync-crash-');
    dataDirs.push(dataDir);
    return dataDir;
  };
  afterAll(async () => {
    for (const { child } of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  test(`the embedded database, killed ${KILLS} times while clips are being written, reopens with every acknowledged clip`, async () => {
    const dataDir = await newDataDir();
    let { server, base } = await start(dataDir);
    const session = await signUpSession(base);
    const log: WriteLog = { acknowledged: [], statuses: [] };
    const { acknowledged } = log;

    for (let round = 1; round <= KILLS; round++) {
      let isStopped = false;
      const writers = Array.from({ length: WRITERS }, () =>
        writeClips(session, log, { isStopped: () => isStopped, untilFirstFailure: true }),
      );
      const ackedBefore = acknowledged.length;
      // Some writes acknowledged, more in flight, then the kill at a moment of the writers' choosing.
      while (acknowledged.length < ackedBefore + 5) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, randomInt(0, 150)));
      await kill(server);
      isStopped = true;
      await Promise.all(writers);

      ({ server, base } = await start(dataDir));
      session.base = base;
      const stored = await historyIds(session);
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost, `after kill ${round} of ${KILLS}`).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILLS * 5);
    await kill(server);
    // 21 starts from source take ~4 minutes on a quiet 2-core machine; the limit only catches a hang.
  }, 600_000);

  test('an upload cut by the kill leaves no half file; the finished uploads and their clip stay whole', async () => {
    const dataDir = await newDataDir();
    let { server, base } = await start(dataDir);
    const session = await signUpSession(base);
    const clip = (await (
      await fetch(`${base}/api/clipboard`, {
        method: 'POST',
        headers: authorized(session, { 'content-type': 'application/json' }),
        body: JSON.stringify({ content: 'with files' }),
      })
    ).json()) as Clip;
    const finished = [randomBytes(300_000), randomBytes(700_000)];
    for (const [index, content] of finished.entries()) {
      const body = multipartFile('file', `finished-${index}.bin`, 'application/octet-stream', content);
      const uploaded = await fetch(`${base}/api/clipboard/${clip.id}/files`, {
        method: 'POST',
        headers: authorized(session, body.headers),
        body: body.payload,
      });
      expect(uploaded.status).toBe(201);
    }

    // A third upload of 8 MB, sent slowly: the server is killed with half of it on its way to the disk.
    const cut = multipartFile('file', 'cut.bin', 'application/octet-stream', randomBytes(8_000_000));
    const target = new URL(`${base}/api/clipboard/${clip.id}/files`);
    const upload = httpRequest(target, {
      method: 'POST',
      headers: authorized(session, { ...cut.headers, 'content-length': String(cut.payload.length) }),
    });
    const uploadEnded = new Promise<void>((resolve) => {
      upload.on('error', () => resolve());
      upload.on('response', () => resolve());
    });
    upload.write(cut.payload.subarray(0, 4_000_000));
    await new Promise((resolve) => upload.once('drain', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await kill(server);
    await uploadEnded;

    const filesDir = join(dataDir, 'files');
    ({ server, base } = await start(dataDir));
    session.base = base;
    // Half-written uploads live only in files/tmp, which a start empties.
    expect(await readdir(join(filesDir, 'tmp'))).toEqual([]);
    const shards = (await readdir(filesDir)).filter((name) => name !== 'tmp');
    const stored = (await Promise.all(shards.map((shard) => readdir(join(filesDir, shard))))).flat();
    expect(stored).toHaveLength(finished.length);

    const reopened = (await (await fetch(`${base}/api/clipboard/${clip.id}`)).json()) as Clip;
    expect(reopened.files.map((file: ClipFile) => file.name).sort()).toEqual(['finished-0.bin', 'finished-1.bin']);
    for (const [index, content] of finished.entries()) {
      const file = reopened.files.find((each: ClipFile) => each.name === `finished-${index}.bin`);
      const downloaded = await fetch(new URL(file?.url ?? '', base));
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
    }
    await kill(server);
  }, 120_000);
});
