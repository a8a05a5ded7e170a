import { connect } from 'node:net';
import { FILE_NAME_HEADER, type Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { storedFilesIn } from '../../test/stored-files';
import { logRecorder } from '../../test/log-recorder';
import { multipartFile } from '../../test/multipart';
import { requestHead, writeThenRead } from '../../test/raw-http-client';
import { eventually } from '../../test/real-socket-upload';
import type { TestUser } from '../../test/factories';
import { shareClaims } from '../db/schema';

/**
 * A multipart body that ends before its closing boundary, with the length it declared (a client's bug, a
 * proxy cutting it): busboy's "Unexpected end of form" answered 500, logged as a crash. It is the
 * client's malformed request: 400 `MALFORMED_UPLOAD`, one info line, and nothing of it kept. `/share-target`
 * is a browser's navigation, not an API call: it lands on the share page, which says the share was not received.
 */
describe('a truncated multipart upload', () => {
  const logs = logRecorder();
  let testApp: TestApp;
  let base: string;
  let owner: TestUser;
  let clip: Clip;
  let roomId: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
    base = await testApp.listen();
    owner = await testApp.factory.user();
    clip = (await testApp.as(owner).post('/api/clipboard', { content: 'kept as it is' })).json();
    roomId = (await testApp.factory.room({ owner })).id;
  });
  afterAll(() => testApp.close());

  const storedFiles = () => storedFilesIn(testApp.config.dataDir);
  /** What each route could have half-stored: its rows, as the API lists them. */
  const rowsOf = {
    clip: async () => (await testApp.as(owner).get(`/api/clipboard/${clip.id}/files`)).json(),
    room: async () => (await testApp.as(owner).get(`/api/rooms/${roomId}/content`)).json(),
    desktop: async () => (await testApp.as(owner).get('/api/virtual-desktop')).json(),
    share: async () => testApp.context.db.select().from(shareClaims),
  };

  const file = Buffer.alloc(256 * 1024, 7);
  const { payload, headers } = multipartFile('file', 'cut.bin', 'application/octet-stream', file);
  const fileStart = payload.indexOf('\r\n\r\n') + 4;
  /** Where a body may end too soon: inside the file's bytes, inside its part's headers, or just before the end. */
  const cuts = [
    ['inside the file', fileStart + file.length / 2],
    ['inside the part’s headers', 20],
    ['without its closing boundary', payload.length - 8],
  ] as const;
  const routes = [
    ['POST /api/clipboard/{id}/files', () => `/api/clipboard/${clip.id}/files`, 'clip', 'file'],
    ['POST /api/rooms/{id}/upload', () => `/api/rooms/${roomId}/upload`, 'room', 'file'],
    ['POST /api/virtual-desktop/items/file', () => '/api/virtual-desktop/items/file', 'desktop', 'file'],
    ['POST /share-target', () => '/share-target', 'share', 'files'],
  ] as const;

  const cases = routes.flatMap(([route, path, rows, field]) =>
    cuts.map(([cut, length]) => [route, cut, path, rows, field, length] as const),
  );

  const apiRoutes = routes.slice(0, 3);
  const apiCases = cases.filter(([route]) => route !== 'POST /share-target');
  const shareCases = cases.filter(([route]) => route === 'POST /share-target');
  const withoutBoundary = (path: string) =>
    testApp.app.inject({
      method: 'POST',
      url: path,
      payload: payload,
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${owner.tokens.access_token}` },
    });

  test.each(apiRoutes)('%s without a boundary in its Content-Type: 400 MALFORMED_UPLOAD', async (_route, path) => {
    const response = await withoutBoundary(path());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED_UPLOAD' });
  });

  test('POST /share-target without a boundary in its Content-Type: to the share page, not received', async () => {
    const response = await withoutBoundary('/share-target');
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/share?not-received=malformed');
  });

  /** Sends the cut body, then checks nothing was kept and nothing logged as a failure; gives the answer and log. */
  const sendCut = async (...testCase: (typeof cases)[number]) => {
    const [, , path, rows, field, length] = testCase;
    const body =
      field === 'file'
        ? payload
        : Buffer.from(payload.toString('latin1').replace('name="file"', 'name="files"'), 'latin1');
    const before = { files: await storedFiles(), rows: await rowsOf[rows]() };
    const firstLine = logs.lines.length;

    const { answer } = await writeThenRead(
      base,
      'POST',
      path(),
      { ...headers, authorization: `Bearer ${owner.tokens.access_token}`, 'content-length': String(length) },
      body.subarray(0, length),
    );

    expect(await storedFiles()).toEqual(before.files);
    expect(await rowsOf[rows]()).toEqual(before.rows);
    const lines = logs.lines.slice(firstLine);
    expect(
      lines.filter((line) => line.level >= 40),
      JSON.stringify(lines),
    ).toEqual([]);
    return { answer, lines };
  };

  test.each(apiCases)('%s, cut %s: 400 MALFORMED_UPLOAD, logged at info, nothing kept', async (...testCase) => {
    const { answer, lines } = await sendCut(...testCase);
    expect(answer.split('\r\n')[0], answer).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: expect.any(String),
      code: 'MALFORMED_UPLOAD',
      requestId: expect.any(String),
    });
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, code: 'MALFORMED_UPLOAD' }));
  });

  test.each(shareCases)('%s, cut %s: to the share page, not received, nothing kept', async (...testCase) => {
    const { answer, lines } = await sendCut(...testCase);
    expect(answer.split('\r\n')[0], answer).toBe('HTTP/1.1 303 See Other');
    expect(answer).toMatch(/\r\nlocation: \/share\?not-received=malformed\r\n/i);
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, reason: 'malformed' }));
  });

  /**
   * A raw PUT has no framing to end too soon: its body is cut when the client stops before its declared
   * length and closes its side. Nobody is left to answer; nothing is kept and nothing is logged as a failure.
   */
  test.each(apiRoutes)('PUT beside %s, cut short by the client: nothing kept, no error logged', async (...route) => {
    const [, path, rows] = route;
    const before = { files: await storedFiles(), rows: await rowsOf[rows]() };
    const firstLine = logs.lines.length;
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      requestHead('PUT', path(), {
        'content-type': 'application/octet-stream',
        [FILE_NAME_HEADER]: 'cut.bin',
        authorization: `Bearer ${owner.tokens.access_token}`,
        'content-length': String(file.length),
      }),
    );
    socket.end(file.subarray(0, file.length / 2));
    await eventually(
      () =>
        logs.lines.slice(firstLine).some((line) => line.msg === 'the client went away before its request was complete'),
      'the server to notice the client went away',
    );
    await eventually(async () => (await storedFiles()).temporary.length === 0, 'the temporary file to go');
    expect(await storedFiles()).toEqual(before.files);
    expect(await rowsOf[rows]()).toEqual(before.rows);
    expect(logs.lines.slice(firstLine).filter((line) => line.level >= 40)).toEqual([]);
  });
});
