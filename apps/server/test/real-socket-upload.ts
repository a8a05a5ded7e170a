import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { FILE_NAME_HEADER } from '@clipsync/shared';
import { chunked, writeThenRead, type WrittenThenRead } from './raw-http-client';

// Uploads over a real socket, for what `inject` cannot send: a chunked body, a client still sending when
// the server answers, a client that goes away.

/** Waits for `check` to hold, polling: what the server does after a client went away has no answer to await. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A PUT by Node's own client, the body written in `chunks`: chunked, unless `headers` declare a
 * Content-Length. Node's client reads the answer while it is still sending; once answered it stops sending
 * and, the answer read, closes the connection. Writing into a connection the server closed fails, as intended.
 */
export function putInChunks(base: string, path: string, headers: Record<string, string>, chunks: Buffer[]) {
  return new Promise<RawAnswer>((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(`${base}${path}`, { method: 'PUT', headers }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        outgoing.destroy();
      });
    });
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    const writeNext = (index: number): void => {
      if (answered || index === chunks.length) return void outgoing.end();
      if (outgoing.write(chunks[index]!)) setImmediate(() => writeNext(index + 1));
      else outgoing.once('drain', () => writeNext(index + 1));
    };
    writeNext(0);
  });
}

const BOUNDARY = 'clipsync-upload-test';

/** The headers and the bytes before the file's own of either upload shape: multipart POST or raw PUT. */
export function uploadShape(method: 'POST' | 'PUT'): { headers: Record<string, string>; head: Buffer; tail: Buffer } {
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

/**
 * An upload of 16 MB, over the 10 MB limit, in either shape, sent whole before the answer is read
 * (`writeThenRead`): with its length declared, or chunked so that only the store can refuse it midway.
 */
export function sendOversizedUpload(
  base: string,
  method: 'POST' | 'PUT',
  path: string,
  headers: Record<string, string>,
  declared: boolean,
): Promise<WrittenThenRead> {
  const { headers: shape, head, tail } = uploadShape(method);
  const body = Buffer.concat([head, Buffer.alloc(16 * 1024 * 1024, 1), tail]);
  const framing: Record<string, string> = declared
    ? { 'content-length': String(body.length) }
    : { 'transfer-encoding': 'chunked' };
  return writeThenRead(base, method, path, { ...shape, ...headers, ...framing }, declared ? body : chunked(body));
}
