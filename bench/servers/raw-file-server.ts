/**
 * The floor of file-transfer: plain node:http streaming a request body to a file (`POST /upload`, answers
 * `{ url }`) and a file back (`GET /download/<n>`, with Content-Length), in BENCH_DATA_DIR. No parsing of the
 * multipart body (it is stored as sent), no auth, no database: disk and sockets, which bound ClipSync too.
 * The floor of shared-clip too: `GET /raw/<key>` answers a file the scenario put in BENCH_DATA_DIR, read
 * from disk on every request as a paste server does, typed by its extension (`.json`, `.html`).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { serveParent } from './child-protocol';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR must name a temporary directory');
const DOWNLOAD_PATH = /^\/download\/(\d+)$/;
const RAW_PATH = /^\/raw\/([\w-]+)\.(json|html)$/;
const RAW_TYPES = { json: 'application/json; charset=utf-8', html: 'text/html; charset=utf-8' } as const;
let uploads = 0;

const httpServer = createServer((request, response) => {
  const fail = (error: unknown) => {
    console.error('raw file server:', error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  };
  if (request.method === 'POST' && request.url === '/upload') {
    const name = String(++uploads);
    pipeline(request, createWriteStream(join(dataDir, name)))
      .then(() => response.writeHead(201, { 'content-type': 'application/json' }).end(`{"url":"/download/${name}"}`))
      .catch(fail);
    return;
  }
  const raw = request.method === 'GET' ? RAW_PATH.exec(request.url ?? '') : null;
  if (raw) {
    const extension = raw[2] === 'html' ? 'html' : 'json';
    readFile(join(dataDir, `${raw[1]}.${extension}`))
      .then((body) => response.writeHead(200, { 'content-type': RAW_TYPES[extension] }).end(body))
      .catch(fail);
    return;
  }
  const name = request.method === 'GET' ? DOWNLOAD_PATH.exec(request.url ?? '')?.[1] : undefined;
  if (!name) {
    response.writeHead(404).end();
    return;
  }
  const path = join(dataDir, name);
  stat(path)
    .then(({ size }) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      return pipeline(createReadStream(path), response);
    })
    .catch(fail);
});
httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  void serveParent(port, async () => void httpServer.close());
});
