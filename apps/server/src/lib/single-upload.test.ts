import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FILE_NAME_HEADER, type Clip } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createSignedInUser } from '../../test/factories';
import { logRecorder } from '../../test/log-recorder';
import { clipFiles } from '../db/schema';

const MIB = 1024 * 1024;
const METRICS_TOKEN = 'scrape-token-for-the-tests-0123456789';
const BOUNDARY = 'clipsync-upload-test';

/** Waits for `check` to hold, polling: what the server does after a client went away has no answer to await. */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The headers and the bytes before the file's own of either upload shape: multipart POST or raw PUT. */
function uploadShape(method: 'POST' | 'PUT') {
  if (method === 'PUT') {
    return {
      headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: 'big.bin' },
      head: Buffer.alloc(0),
      tail: Buffer.alloc(0),
    };
  }
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    head: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

describe('an upload the client abandons midway', () => {
  const logs = logRecorder();
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    testApp = await buildTestApp(
      { LOG_LEVEL: 'info', METRICS_TOKEN, STORAGE_QUOTA_BYTES: String(2 * MIB) },
      { logStream: logs.stream },
    );
    base = await testApp.listen();
  });
  afterAll(() => testApp.close());

  const filesDir = () => join(testApp.config.dataDir, 'files');
  const storedFiles = async () => {
    const dirs = (await readdir(filesDir())).filter((name) => name !== 'tmp');
    const nested = await Promise.all(dirs.map((dir) => readdir(join(filesDir(), dir))));
    return { kept: nested.flat().sort(), temporary: await readdir(join(filesDir(), 'tmp')) };
  };
  const serverErrorsOf = async (route: string) => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return res.body
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_count') && line.includes(`route="${route}"`))
      .filter((line) => /status_code="5\d\d"/.test(line));
  };

  test.each(['POST', 'PUT'] as const)(
    '%s: no file, no row, no quota used, and the log says the client went away, without a stack',
    async (method) => {
      const owner = await createSignedInUser(testApp);
      const clip: Clip = (await testApp.as(owner).post('/api/clipboard', { content: 'abandoned' })).json();
      const before = await storedFiles();
      const { headers, head } = uploadShape(method);
      const outgoing = httpRequest(`${base}/api/clipboard/${clip.id}/files`, {
        method,
        headers: {
          ...headers,
          authorization: `Bearer ${owner.tokens.access_token}`,
          'content-length': String(head.length + 1.5 * MIB),
        },
      });
      outgoing.on('error', () => undefined);
      outgoing.write(head);
      outgoing.write(Buffer.alloc(MIB, 5));
      // The store has begun writing the file: the client goes away mid-stream, not before the handler ran.
      await eventually(async () => (await storedFiles()).temporary.length === 1, 'the upload to reach the store');
      const firstLine = logs.lines.length;
      outgoing.destroy();

      await eventually(async () => (await storedFiles()).temporary.length === 0, 'the temporary file to go');
      await eventually(() => logs.lines.length > firstLine, 'the server to log the abandoned upload');
      expect(await storedFiles()).toEqual(before);
      expect(await testApp.context.db.select().from(clipFiles).where(eq(clipFiles.clipId, clip.id))).toEqual([]);

      const lines = logs.lines.slice(firstLine);
      expect(lines, JSON.stringify(lines)).toEqual([
        expect.objectContaining({ level: 30, msg: 'the client went away before its request was complete' }),
      ]);
      expect(lines[0]).not.toHaveProperty('err');
      expect(await serverErrorsOf('/api/clipboard/:id/files')).toEqual([]);

      // The whole 2 MB quota is still free.
      await testApp.factory.file({ owner, clipId: clip.id, content: Buffer.alloc(2 * MIB) });
    },
  );
});
