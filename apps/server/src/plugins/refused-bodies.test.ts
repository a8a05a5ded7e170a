import type { Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { TestUser } from '../../test/factories';
import { chunked, exchangeInTurn, requestHead, sendDeclaredBody, writeThenRead } from '../../test/raw-http-client';
import { uploadShape } from '../../test/real-socket-upload';

const MIB = 1024 * 1024;

/** One way to be refused before the body is read: the request's line and headers, and the answer's status. */
interface Refusal {
  method: string;
  path: string;
  headers: Record<string, string>;
  status: string;
}

function refusedAs(headers: Record<string, string>, status: 401 | 404 | 429): Pick<Refusal, 'headers' | 'status'> {
  const reasons = { 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' };
  return { headers, status: `HTTP/1.1 ${status} ${reasons[status]}` };
}

const statusLineOf = (answer: string) => answer.split('\r\n')[0] ?? '';
const headOf = (answer: string) => answer.slice(0, answer.indexOf('\r\n\r\n'));

/**
 * What every refusal must do with a body it did not read, over real connections: a client that sends
 * everything before reading gets the answer, and the server reads no more of the body than the bound
 * (20 MB or 10 s; a body declared larger is not read at all: the answer closes the connection).
 */
function testBoundedRefusals(base: () => string, refusals: () => Record<string, Refusal>, labels: string[]) {
  test.each(labels)('%s: a client that reads only once it has sent 15 MB gets the answer', async (label) => {
    const { method, path, headers, status } = refusals()[label]!;
    const body = Buffer.alloc(15 * MIB, 1);
    const framing = { ...headers, 'content-length': String(body.length) };
    const { answer, writeError } = await writeThenRead(base(), method, path, framing, body);
    expect(statusLineOf(answer), `${writeError ?? 'no write error'}: ${answer.slice(0, 200)}`).toBe(status);
  });

  test.each(labels)('%s: a chunked body is read no further than the bound', async (label) => {
    const { method, path, headers } = refusals()[label]!;
    const framing = { ...headers, 'transfer-encoding': 'chunked' };
    const { writeError } = await writeThenRead(base(), method, path, framing, chunked(Buffer.alloc(64 * MIB, 1)));
    expect(['ECONNRESET', 'EPIPE']).toContain(writeError);
  });

  test.each(labels)('%s: a body declared as 200 MB is not read: the answer closes the connection', async (label) => {
    const { method, path, headers, status } = refusals()[label]!;
    const declared = 200 * MIB;
    const { answer, sentBytes, closedByServer } = await sendDeclaredBody(base(), method, path, headers, declared);
    expect(statusLineOf(answer), answer.slice(0, 200)).toBe(status);
    expect(headOf(answer)).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedByServer).toBe(true);
    expect(sentBytes).toBeLessThan(declared / 4);
  });
}

describe('a request refused by the sign-in check or the router before its body was read', () => {
  let testApp: TestApp;
  let base: string;
  let owner: TestUser;
  let clipPath: string;
  beforeAll(async () => {
    testApp = await buildTestApp();
    base = await testApp.listen();
    owner = await testApp.factory.user();
    const clip: Clip = await testApp.factory.clip({ owner, content: 'not yours to upload to' });
    clipPath = `/api/clipboard/${clip.id}/files`;
  });
  afterAll(() => testApp.close());

  const labels = ['an upload signed out', 'an upload with a wrong token', 'a body sent to an unknown route'];
  const refusals = (): Record<string, Refusal> => ({
    'an upload signed out': { method: 'PUT', path: clipPath, ...refusedAs(uploadShape('PUT').headers, 401) },
    'an upload with a wrong token': {
      method: 'POST',
      path: clipPath,
      ...refusedAs({ ...uploadShape('POST').headers, authorization: 'Bearer not-a-token' }, 401),
    },
    'a body sent to an unknown route': {
      method: 'PUT',
      path: '/api/no-such-route',
      ...refusedAs({ 'content-type': 'application/octet-stream' }, 404),
    },
  });
  testBoundedRefusals(() => base, refusals, labels);

  test('a body sent with a GET, which no route reads, is read no further than the bound either', async () => {
    const framing = { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' };
    const body = chunked(Buffer.alloc(64 * MIB, 1));
    const { answer, writeError } = await writeThenRead(base, 'GET', '/api/health', framing, body);
    expect(['ECONNRESET', 'EPIPE'], statusLineOf(answer)).toContain(writeError);
  });

  test('the next requests on the same connection, an upload and a JSON POST, are answered as usual', async () => {
    const authorization = `Bearer ${owner.tokens.access_token}`;
    const refusedBody = Buffer.alloc(15 * MIB, 1);
    const file = Buffer.from('after the refusal');
    const clip = Buffer.from(JSON.stringify({ content: 'still here' }));
    const answers = await exchangeInTurn(base, [
      Buffer.concat([
        Buffer.from(
          requestHead('PUT', clipPath, { ...uploadShape('PUT').headers, 'content-length': String(refusedBody.length) }),
        ),
        refusedBody,
      ]),
      Buffer.concat([
        Buffer.from(
          requestHead('PUT', clipPath, {
            ...uploadShape('PUT').headers,
            authorization,
            'content-length': String(file.length),
          }),
        ),
        file,
      ]),
      Buffer.concat([
        Buffer.from(
          requestHead('POST', '/api/clipboard', {
            'content-type': 'application/json',
            authorization,
            'content-length': String(clip.length),
          }),
        ),
        clip,
      ]),
    ]);
    expect(answers.map(statusLineOf)).toEqual([
      'HTTP/1.1 401 Unauthorized',
      'HTTP/1.1 201 Created',
      'HTTP/1.1 201 Created',
    ]);
    expect(answers[1]).toContain(`"size":${file.length}`);
    expect(answers[2]).toContain('"content":"still here"');
  });
});

describe('a request refused by the rate limit, which answers before the body is parsed', () => {
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    base = await testApp.listen();
    // The minute's one request, from the same address as the raw clients' (inject's is 127.0.0.1 too).
    await testApp.app.inject({ method: 'POST', url: '/api/clipboard', payload: { content: 'the one allowed' } });
  });
  afterAll(() => testApp.close());

  const label = 'a JSON POST over the limit';
  const refusals = (): Record<string, Refusal> => ({
    [label]: {
      method: 'POST',
      path: '/api/clipboard',
      ...refusedAs({ 'content-type': 'application/json' }, 429),
    },
  });
  testBoundedRefusals(() => base, refusals, [label]);
});
