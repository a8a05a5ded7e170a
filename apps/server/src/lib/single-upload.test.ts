import { request as httpRequest } from 'node:http';
import type { Clip } from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { storedFilesIn } from '../../test/stored-files';
import { logRecorder } from '../../test/log-recorder';
import { chunked, writeThenRead } from '../../test/raw-http-client';
import { eventually, putInChunks, sendOversizedUpload, uploadShape } from '../../test/real-socket-upload';
import { clipFiles } from '../db/schema';

const MIB = 1024 * 1024;
const METRICS_TOKEN = 'scrape-token-for-the-tests-0123456789';
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

  const storedFiles = () => storedFilesIn(testApp.config.dataDir);
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
      const owner = await testApp.factory.user();
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

      // The whole 2 MB quota is still free but for the clip's own text, which counts toward it.
      await testApp.factory.file({ owner, clipId: clip.id, content: Buffer.alloc(2 * MIB - clip.content.length) });
    },
  );
});

describe('a file over 10 MB, refused while the client is still sending it', () => {
  let testApp: TestApp;
  let base: string;
  let clipPath: string;
  let authorization: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ STORAGE_QUOTA_BYTES: String(MIB) });
    base = await testApp.listen();
    const owner = await testApp.factory.user();
    const clip: Clip = (await testApp.as(owner).post('/api/clipboard', { content: 'too big' })).json();
    clipPath = `/api/clipboard/${clip.id}/files`;
    authorization = `Bearer ${owner.tokens.access_token}`;
  });
  afterAll(() => testApp.close());

  const expectRefusal = (answer: string, writeError: string | undefined) => {
    const [statusLine = ''] = answer.split('\r\n');
    expect(statusLine, `${writeError ?? 'no write error'}: ${answer.slice(0, 200)}`).toBe(
      'HTTP/1.1 413 Payload Too Large',
    );
    const json: unknown = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, ''));
    expect(json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('10MB') });
  };

  test.each([
    ['raw PUT with its length declared', 'PUT', true],
    ['multipart POST with its length declared', 'POST', true],
    ['raw PUT, chunked', 'PUT', false],
    ['multipart POST, chunked', 'POST', false],
  ] as const)(
    '%s: a client that reads only once it has sent all gets the 413 answer',
    async (_label, method, declared) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const { answer, writeError } = await sendOversizedUpload(base, method, clipPath, { authorization }, declared);
        expectRefusal(answer, writeError);
      }
    },
  );

  test('a chunked body far past the limit is not read to its end: the connection is closed past the bound', async () => {
    const { headers } = uploadShape('PUT');
    const { writeError } = await writeThenRead(
      base,
      'PUT',
      clipPath,
      { ...headers, authorization, 'transfer-encoding': 'chunked' },
      chunked(Buffer.alloc(64 * MIB, 1)),
    );
    expect(['ECONNRESET', 'EPIPE']).toContain(writeError);
  });

  test.each(['PUT', 'POST'] as const)(
    '%s by a user whose storage is full: the 413 QUOTA_EXCEEDED answer reaches a client still sending',
    async (method) => {
      const full = await testApp.factory.user();
      const clip: Clip = (await testApp.as(full).post('/api/clipboard', { content: 'full' })).json();
      // Full to the byte: the clip's text counts toward the quota with its file.
      await testApp.factory.file({ owner: full, clipId: clip.id, content: Buffer.alloc(MIB - clip.content.length) });
      const { headers, head, tail } = uploadShape(method);
      const body = Buffer.concat([head, Buffer.alloc(8 * MIB, 1), tail]);
      const { answer, writeError } = await writeThenRead(
        base,
        method,
        `/api/clipboard/${clip.id}/files`,
        { ...headers, authorization: `Bearer ${full.tokens.access_token}`, 'content-length': String(body.length) },
        body,
      );
      expect(answer.split('\r\n')[0], `${writeError ?? 'no write error'}: ${answer.slice(0, 200)}`).toBe(
        'HTTP/1.1 413 Payload Too Large',
      );
      expect(answer).toContain('"code":"QUOTA_EXCEEDED"');
    },
  );
});

describe('a raw PUT whose declared length is over 10 MB, sent by a client that keeps sending', () => {
  let testApp: TestApp;
  let base: string;
  let path: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    testApp = await buildTestApp();
    base = await testApp.listen();
    const owner = await testApp.factory.user();
    const clip: Clip = (await testApp.as(owner).post('/api/clipboard', { content: 'too big' })).json();
    path = `/api/clipboard/${clip.id}/files`;
    headers = { ...uploadShape('PUT').headers, authorization: `Bearer ${owner.tokens.access_token}` };
  });
  afterAll(() => testApp.close());

  test('gets the 413 answer every time', async () => {
    const chunks = Array.from({ length: 11 }, () => Buffer.alloc(MIB, 2));
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await putInChunks(base, path, { ...headers, 'content-length': String(11 * MIB) }, chunks);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('10MB') });
    }
  });

  test('a body declared far larger is not waited for: the answer closes the connection', async () => {
    const declared = 64 * MIB;
    const res = await putInChunks(base, path, { ...headers, 'content-length': String(declared) }, [
      Buffer.alloc(MIB, 2),
    ]);
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
  });
});
