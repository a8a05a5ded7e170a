/**
 * HTTP from the scenario process with plain node:http (no load-testing dependency): keep-alive agents so a
 * figure is the server's work and not TCP handshakes, and a closed-loop load runner.
 */
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, or an empty buffer when it was only counted (`discardBody`). */
  body: Buffer;
  bytes: number;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** A keep-alive agent, or false for a connection of its own (one the server will close). */
  agent?: Agent | false;
  /** Count the bytes instead of keeping them (a 10 MB download need not sit in our memory). */
  discardBody?: boolean;
}

/** What Chrome sends: a scenario standing for a browser's page load asks for a compressed answer as it does. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' } as const;

/** A response's body as text, unpacked as a browser would (brotli or gzip, else as sent). */
export function bodyText(response: HttpResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
}

export const keepAliveAgent = (maxSockets: number) => new Agent({ keepAlive: true, maxSockets });

/**
 * One request. Resolves on the complete response; a request error after the response has begun (the server
 * refusing a body it did not read and closing, e.g. a 413) does not turn a received answer into a failure.
 */
export function httpRequest(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    let responded = false;
    const outgoing = request(url, { method: options.method ?? 'GET', headers, agent: options.agent }, (response) => {
      responded = true;
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!options.discardBody) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), bytes }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', (error) => {
      if (!responded) reject(error);
    });
    outgoing.end(options.body);
  });
}

export async function requestJson<T>(url: string, options: HttpOptions & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = options;
  const withBody =
    json === undefined
      ? rest
      : { ...rest, body: JSON.stringify(json), headers: { ...rest.headers, 'content-type': 'application/json' } };
  const response = await httpRequest(url, withBody);
  if (response.status >= 300) {
    throw new Error(`${options.method ?? 'GET'} ${url}: HTTP ${response.status} ${response.body.toString()}`);
  }
  return JSON.parse(response.body.toString()) as T;
}

export interface LoadResult {
  requests: number;
  errors: number;
  latenciesMs: number[];
  seconds: number;
}

/**
 * `clients` loops, each sending its next request as soon as the previous answered, for `durationMs`. Closed
 * loop on purpose: 10 clients is the budget's load, and latency then includes waiting for the server.
 * `send` resolves true for a good answer.
 */
export async function runClosedLoop(clients: number, durationMs: number, send: () => Promise<boolean>) {
  const result: LoadResult = { requests: 0, errors: 0, latenciesMs: [], seconds: 0 };
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const sentAt = performance.now();
      const ok = await send().catch(() => false);
      result.latenciesMs.push(performance.now() - sentAt);
      result.requests++;
      if (!ok) result.errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  result.seconds = (performance.now() - startedAt) / 1000;
  return result;
}

/** A port free right now on loopback, for a server process that must listen where the scenario will ask. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const HEALTH_POLL_MS = 20;

/** Resolves once `GET /api/health` on the port answers 200; throws after `timeoutMs`. */
export async function awaitHealth(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await httpRequest(`http://127.0.0.1:${port}/api/health`, { agent: false }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(`no answer from /api/health on port ${port} within ${timeoutMs} ms`);
}
