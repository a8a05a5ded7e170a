import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import {
  API_BASE,
  FILE_NAME_HEADER,
  FILE_TYPE_HEADER,
  RAW_UPLOAD_CONTENT_TYPE,
  pathTo,
  type ApiEndpoint,
  type HasPathParams,
  type PathParams,
} from '@clipsync/shared';
import type { z } from 'zod';
import { CliError, type ServerRefusal } from './errors';
import { EXIT } from './exit-codes';
import type { Output } from './io';
import { formatBytes, printable } from './format';
import packageJson from '../package.json' with { type: 'json' };

/** How long a plain call may take before it counts as a network failure; transfers have no such bound. */
const CALL_TIMEOUT_MS = 30_000;

/** Recognised in the server's token list as "clipsync CLI". */
export const USER_AGENT = `clipsync/${packageJson.version} (${process.platform}; node ${process.version})`;

type ParamsOf<E extends ApiEndpoint> =
  HasPathParams<E['path']> extends true ? { params: PathParams<E['path']> } : { params?: undefined };
type QueryOf<E extends ApiEndpoint> = E extends { query: infer Schema extends z.ZodType }
  ? { query?: Partial<z.input<Schema>> }
  : object;
type BodyOf<E extends ApiEndpoint> = E extends { body: infer Schema extends z.ZodType }
  ? { body: z.input<Schema> }
  : object;

/** Where a call goes: its path parameters and query, each only when the endpoint has them. */
export type TargetOf<E extends ApiEndpoint> = ParamsOf<E> & QueryOf<E>;
type CallInput<E extends ApiEndpoint> = TargetOf<E> & BodyOf<E> & { signal?: AbortSignal };
/** The input as an argument list: optional when the endpoint needs neither parameters nor a body. */
export type CallArgs<E extends ApiEndpoint> = object extends ParamsOf<E> & BodyOf<E> ? [CallInput<E>?] : [CallInput<E>];
export type ResponseOf<E extends ApiEndpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

/** A file on disk to upload: it is streamed, never read whole. */
export interface UploadSource {
  path: string;
  /** The name the server keeps (the file's own, without its folder). */
  name: string;
  /** Its media type, when known. */
  type?: string;
  /** The bytes sent: the file's, or `body`'s when given (known up front: the server wants a Content-Length). */
  size: number;
  /** Bytes made while sending (the file at `path` encrypted on the way), sent instead of the file's own. */
  body?: () => AsyncIterable<Uint8Array>;
  /** What the progress line calls it, when not `name` (an encrypted file's name is hidden from the server only). */
  label?: string;
}

export interface ApiClient {
  /** The server's address, as the user gave it (origin and any base path). */
  readonly server: string;
  /** One call of the shared endpoint table; the answer checked against its schema. */
  call<E extends ApiEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  /** The same, with the answer's headers (a page's `X-Total-Count`). */
  callWithHeaders<E extends ApiEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<{ data: ResponseOf<E>; headers: Headers }>;
  /** A raw-body upload (`PUT`, name and type in headers), streamed from disk, with progress on a terminal. */
  upload<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>, file: UploadSource): Promise<ResponseOf<E>>;
  /** A call's whole address: the server, `/api`, the entry's path filled in, and its query. */
  urlOf<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>): string;
  /** A download's answer, its body unread: the caller streams it where it goes. Refusals are thrown. */
  download(url: string): Promise<Response>;
  /**
   * The answer as it came, unread and whatever its status, for a caller that reads refusals itself (the
   * device sign-in's polling, whose 400s are its protocol). Network failures are still thrown.
   */
  send<E extends ApiEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Response>;
}

type AnyInput = { params?: Record<string, string>; query?: object; body?: unknown; signal?: AbortSignal };

export interface ApiClientOptions {
  server: string;
  token?: string | null;
  /** Where upload progress goes; shown only when it is a terminal. */
  progress?: Output;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { server, token, progress } = options;

  function urlOf(endpoint: ApiEndpoint, target: { params?: Record<string, string>; query?: object }): string {
    const path = pathTo(endpoint.path, target.params ?? {});
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(target.query ?? {})) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const query = search.size > 0 ? `?${search}` : '';
    return `${server}${API_BASE}${path}${query}`;
  }

  function headersFor(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': USER_AGENT, ...extra };
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  async function send(url: string, init: RequestInit, timeout: boolean): Promise<Response> {
    const signals = [init.signal, timeout ? AbortSignal.timeout(CALL_TIMEOUT_MS) : undefined].filter(
      (signal): signal is AbortSignal => signal !== undefined && signal !== null,
    );
    try {
      return await fetch(url, { ...init, signal: signals.length > 0 ? AbortSignal.any(signals) : undefined });
    } catch (error) {
      throw networkError(server, error);
    }
  }

  async function parsed<E extends ApiEndpoint>(endpoint: E, response: Response): Promise<ResponseOf<E>> {
    if (!response.ok) throw await refusalOf(response);
    if (response.status === 204 || !endpoint.response) {
      await response.body?.cancel();
      return undefined as ResponseOf<E>;
    }
    const json: unknown = await response.json().catch(() => undefined);
    const checked = endpoint.response.safeParse(json);
    if (!checked.success) {
      throw new CliError(
        `The server's answer to ${endpoint.method} ${endpoint.path} is not what this clipsync expects: is ${server} a ClipSync server of a matching version?`,
        EXIT.GENERAL_FAILURE,
        { error: 'Unexpected answer from the server', code: 'UNEXPECTED_RESPONSE' },
      );
    }
    return checked.data as ResponseOf<E>;
  }

  function sendJson(endpoint: ApiEndpoint, input: AnyInput): Promise<Response> {
    const hasBody = input.body !== undefined;
    return send(
      urlOf(endpoint, input),
      {
        method: endpoint.method,
        headers: headersFor(hasBody ? { 'Content-Type': 'application/json' } : {}),
        body: hasBody ? JSON.stringify(input.body) : undefined,
        signal: input.signal,
      },
      true,
    );
  }

  async function callWithHeaders<E extends ApiEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<{ data: ResponseOf<E>; headers: Headers }> {
    const response = await sendJson(endpoint, (args[0] ?? {}) as AnyInput);
    return { data: await parsed(endpoint, response), headers: response.headers };
  }

  return {
    server,
    callWithHeaders,
    call: async (endpoint, ...args) => (await callWithHeaders(endpoint, ...args)).data,
    send: (endpoint, ...args) => sendJson(endpoint, (args[0] ?? {}) as AnyInput),

    async upload(endpoint, target, file) {
      const counted = countBytes(file, progress?.isTTY ? progress : undefined);
      const source = file.body ? Readable.from(file.body()) : createReadStream(file.path);
      // pipe() does not pass errors on: a failed read (or seal) must fail the request, not leave it waiting.
      source.on('error', (error: Error) => counted.destroy(error));
      const body = Readable.toWeb(source.pipe(counted)) as ReadableStream<Uint8Array>;
      const headers = headersFor({
        'Content-Type': RAW_UPLOAD_CONTENT_TYPE,
        'Content-Length': String(file.size),
        // Percent-encoded UTF-8: a header carries bytes, and a name may be in any script.
        [FILE_NAME_HEADER]: encodeURIComponent(file.name),
        ...(file.type ? { [FILE_TYPE_HEADER]: file.type } : {}),
      });
      const init = { method: endpoint.method, headers, body, duplex: 'half' } as RequestInit;
      const response = await send(urlOf(endpoint, target as { params?: Record<string, string> }), init, false);
      return parsed(endpoint, response);
    },

    urlOf: (endpoint, target) => urlOf(endpoint, target as AnyInput),

    async download(url) {
      const response = await send(url, { method: 'GET', headers: headersFor({ Accept: '*/*' }) }, false);
      if (!response.ok) throw await refusalOf(response);
      return response;
    },
  };
}

/** Counts what passes, and on a terminal redraws one line with the share sent so far. */
function countBytes(file: UploadSource, terminal: Output | undefined): Transform {
  let sent = 0;
  let shownPercent = -1;
  const draw = () => {
    const percent = file.size === 0 ? 100 : Math.floor((sent / file.size) * 100);
    if (!terminal || percent === shownPercent) return;
    shownPercent = percent;
    terminal.write(`\r\x1b[2KUploading ${file.label ?? file.name}: ${percent}% of ${formatBytes(file.size)}`);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      draw();
      done(null, chunk);
    },
    flush(done) {
      draw();
      terminal?.write('\r\x1b[2K');
      done();
    },
  });
}

/**
 * A server's refusal as the CliError its status calls for, with the server's own words when it sent them. Those
 * words are printed to a terminal: only their first line, with escapes and bidi overrides shown as �, makes the
 * message (the body, for `--json`, keeps them as sent).
 */
export async function refusalOf(response: Response): Promise<CliError> {
  const json: unknown = await response.json().catch(() => null);
  const body = isRefusal(json) ? { error: json.error, code: json.code } : null;
  const said = body ? printable(firstLine(body.error)) : null;
  if (response.status === 401) {
    return new CliError(
      `${said ?? 'Not signed in'}: the server refused this token (signed out, revoked or expired). Run clipsync login to sign in again.`,
      EXIT.NOT_SIGNED_IN,
      body ?? undefined,
    );
  }
  if (response.status === 413) {
    return new CliError(said ?? 'Too large for this server', EXIT.TOO_LARGE, body ?? undefined);
  }
  const status = `The server answered ${response.status} ${response.statusText}`.trim();
  return new CliError(
    said ?? printable(status),
    EXIT.GENERAL_FAILURE,
    body ?? { error: status, code: `HTTP_${response.status}` },
  );
}

function isRefusal(json: unknown): json is ServerRefusal {
  return (
    typeof json === 'object' &&
    json !== null &&
    typeof (json as ServerRefusal).error === 'string' &&
    typeof (json as ServerRefusal).code === 'string'
  );
}

const firstLine = (text: string) => text.split(/\r?\n/, 1)[0] ?? '';

/** Why fetch failed, in words: it reports every network failure as "fetch failed" with the cause inside. */
export function networkError(server: string, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError') return new CliError(`${server} did not answer in time`, EXIT.NETWORK);
  if (name === 'AbortError') return new CliError('Interrupted', EXIT.GENERAL_FAILURE);
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is the server running?)',
    ENOTFOUND: 'no such host name',
    EAI_AGAIN: 'the host name could not be looked up',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host cannot be reached',
    ENETUNREACH: 'the network cannot be reached',
  };
  const reason = (cause?.code && reasons[cause.code]) ?? cause?.message ?? (error as Error | undefined)?.message;
  return new CliError(`Cannot reach ${server}: ${reason ?? 'network error'}`, EXIT.NETWORK);
}
