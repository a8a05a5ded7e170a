import { connect, type Socket } from 'node:net';
import { ErrorBody } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { logRecorder } from '../../test/log-recorder';
import { exchangeRaw, requestHead } from '../../test/raw-http-client';

/**
 * What the router and Node's HTTP parser refuse, before any route runs, answered Fastify's or Node's own
 * bodies: a code outside our enum or none, and the URL echoed back. Each is sent over a real
 * connection, as a client would, and must answer `{ error, code, requestId }` like any other error.
 */
describe('errors of the framework and of the HTTP parser', () => {
  const logs = logRecorder();
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
    base = await testApp.listen();
  });
  afterAll(() => testApp.close());

  /** A marker in what is sent: the answer must never carry it back. */
  const MARKER = 'echo-me-not';
  const get = (path: string, head: Record<string, string> = {}) =>
    requestHead('GET', path, { connection: 'close', ...head });

  /** A websocket upgrade as a page of another site would ask for it: engine.io refuses its Origin. */
  const FOREIGN_UPGRADE = {
    origin: 'https://evil.example',
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'sec-websocket-version': '13',
  };
  const cases = [
    [
      'a path parameter over the router’s bound',
      414,
      'URI_TOO_LONG',
      get(`/api/clipboard/${MARKER}${'a'.repeat(3000)}`),
    ],
    ['a % not followed by two hex digits in the path', 400, 'MALFORMED_REQUEST', get(`/api/clipboard/${MARKER}%ZZ`)],
    ['a query over 16 KB', 431, 'HEADERS_TOO_LARGE', get(`/api/health?${MARKER}=${'a'.repeat(17 * 1024)}`)],
    [
      'headers over 16 KB',
      431,
      'HEADERS_TOO_LARGE',
      get('/api/health', { 'x-filler': `${MARKER}${'a'.repeat(17 * 1024)}` }),
    ],
    [
      'a Content-Length that is not a number',
      400,
      'MALFORMED_REQUEST',
      requestHead('POST', `/api/auth/login?${MARKER}`, { 'content-type': 'application/json', 'content-length': 'ten' }),
    ],
    [
      'a Content-Length beside chunked framing',
      400,
      'MALFORMED_REQUEST',
      requestHead('POST', `/api/auth/login?${MARKER}`, {
        'content-type': 'application/json',
        'content-length': '2',
        'transfer-encoding': 'chunked',
      }) + '2\r\n{}\r\n0\r\n\r\n',
    ],
    // Headers reach SQL too (a token's last client is its User-Agent): the parser refuses a NUL in one.
    ['a NUL character in a header', 400, 'MALFORMED_REQUEST', get('/api/health', { 'user-agent': `${MARKER}\0` })],
    ['an unknown route', 404, 'NOT_FOUND', get(`/api/${MARKER}`)],
    [
      'a Socket.IO request over a transport it does not serve',
      400,
      'VALIDATION_FAILED',
      get(`/socket.io/?EIO=4&transport=polling&${MARKER}`),
    ],
    [
      'a Socket.IO upgrade from a foreign page',
      403,
      'FORBIDDEN',
      get(`/socket.io/?EIO=4&transport=websocket&${MARKER}`, FOREIGN_UPGRADE),
    ],
  ] as const;

  test.each(cases)('%s: %i %s in our error shape, the request not echoed', async (_label, status, code, bytes) => {
    const answer = await exchangeRaw(base, bytes);
    expect(answer.status, `${answer.headers}\n\n${answer.body}`).toBe(status);
    expect(answer.headers).toMatch(/\r\ncontent-type: application\/json/i);
    const body: unknown = JSON.parse(answer.body);
    expect(ErrorBody.strict().parse(body)).toEqual({ error: expect.any(String), code, requestId: expect.any(String) });
    expect(answer.body).not.toContain(MARKER);
  });

  /**
   * Closing a connection at once with the client's bytes unread makes Linux reset it, and a reset can reach
   * the client before it read the answer (it then saw none: status 0). Each is sent with far more still
   * coming than the parser read, several times over, as a loaded machine would race it.
   */
  const STILL_COMING = Buffer.alloc(512 * 1024, 'a');
  const withMoreComing = [
    ['headers over 16 KB', 431, get('/api/health', { 'x-filler': 'a'.repeat(17 * 1024) })],
    [
      'a Content-Length beside chunked framing',
      400,
      requestHead('POST', '/api/auth/login', { 'content-length': '2', 'transfer-encoding': 'chunked' }),
    ],
    ['a Socket.IO upgrade from a foreign page', 403, get('/socket.io/?EIO=4&transport=websocket', FOREIGN_UPGRADE)],
  ] as const;
  test.each(withMoreComing)(
    '%s, more bytes still coming: the %i arrives all the same',
    async (_label, status, head) => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => exchangeRaw(base, Buffer.concat([Buffer.from(head), STILL_COMING]))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => status));
    },
  );

  /**
   * Under load the answer can still sit in Node's write queue when the connection is closed; a close that
   * destroys the socket at once drops it (the client saw no answer, status 0). The server's side is corked
   * here to hold the answer there, as a busy loop does: the close must send it first.
   */
  test('headers over 16 KB, the answer not yet flushed when the parser gives up: it still arrives', async () => {
    const serverSide = new Promise<Socket>((resolve) => testApp.app.server.once('connection', resolve));
    const client = connect(Number(new URL(base).port), '127.0.0.1');
    (await serverSide).cork();
    const answer = await new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      client.on('data', (chunk: Buffer) => chunks.push(chunk));
      client.on('error', () => undefined);
      client.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      client.write(
        Buffer.concat([Buffer.from(get('/api/health', { 'x-filler': 'a'.repeat(17 * 1024) })), STILL_COMING]),
      );
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });

  test('a Socket.IO upgrade refused, the answer not yet flushed: it still arrives', async () => {
    testApp.app.server.prependOnceListener('upgrade', (_request, socket: Socket) => socket.cork());
    const answer = await exchangeRaw(base, Buffer.concat([Buffer.from(withMoreComing[2][2]), STILL_COMING]));
    expect(answer.status).toBe(403);
  });

  test('an answer made before there was a request has an id all the same, found in the log', async () => {
    const answer = await exchangeRaw(base, get('/api/health', { 'x-filler': 'a'.repeat(17 * 1024) }));
    const { requestId } = ErrorBody.parse(JSON.parse(answer.body));
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        reqId: requestId,
        code: 'HEADERS_TOO_LARGE',
        msg: 'request refused unread',
      }),
    );
  });

  test('a request that took too long to arrive: 408 REQUEST_TIMEOUT in our error shape', async () => {
    // Node checks its time limits every 30 s; the parser's own event is raised on a real connection instead.
    const serverSide = new Promise<Socket>((resolve) => testApp.app.server.once('connection', resolve));
    const client = connect(Number(new URL(base).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => client.on('close', resolve));
    client.write('GET /api/health HTTP/1.1\r\nhost: localhost\r\n');
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    testApp.app.server.emit('clientError', timeout, await serverSide);
    await closed;
    const answer = Buffer.concat(chunks).toString('utf8');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: expect.any(String),
      code: 'REQUEST_TIMEOUT',
      requestId: expect.any(String),
    });
  });
});
