import { createReadStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import {
  AnswerOutsideContractError,
  ApiError,
  apiErrorOf,
  createApiClient as createTypedClient,
  rawUploadHeaders,
  type ApiClient as TypedClient,
  type ApiEndpoint,
  type ResponseOf,
  type TargetOf,
} from '@clipsync/shared';
import { CliError } from './errors';
import { EXIT } from './exit-codes';
import type { Output } from './io';
import { formatBytes, printable } from './format';
import packageJson from '../package.json' with { type: 'json' };

/** How long a plain call may take before it counts as a network failure; transfers have no such bound. */
const CALL_TIMEOUT_MS = 30_000;

/** Recognised in the server's token list as "clipsync CLI". */
export const USER_AGENT = `clipsync/${packageJson.version} (${process.platform}; node ${process.version})`;

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

/** The shared typed client (`call`, `callWithHeaders`, `send`, `urlOf`), with what only a terminal needs. */
export interface ApiClient extends Omit<TypedClient, 'exchange'> {
  /** The server's address, as the user gave it (origin and any base path). */
  readonly server: string;
  /** A raw-body upload (`PUT`, name and type in headers), streamed from disk, with progress on a terminal. */
  upload<E extends ApiEndpoint>(endpoint: E, target: TargetOf<E>, file: UploadSource): Promise<ResponseOf<E>>;
  /** A download's answer, its body unread: the caller streams it where it goes. Refusals are thrown. */
  download(url: string): Promise<Response>;
}

export interface ApiClientOptions {
  server: string;
  token?: string | null;
  /** Where upload progress goes; shown only when it is a terminal. */
  progress?: Output;
}

/** The shared typed client with the CLI's user agent, token, time limit and errors (every failure a CliError). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { server, token, progress } = options;

  function headersFor(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { 'User-Agent': USER_AGENT, ...extra };
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  const typed = createTypedClient({
    baseUrl: server,
    headers: headersFor,
    checkAnswers: true,
    timeoutMs: CALL_TIMEOUT_MS,
  });

  /** The call's outcome, with any failure as the CliError it calls for. */
  const asCli = async <T>(outcome: Promise<T>): Promise<T> => {
    try {
      return await outcome;
    } catch (error) {
      throw cliErrorOf(server, error);
    }
  };

  return {
    server,
    callWithHeaders: (endpoint, ...args) => asCli(typed.callWithHeaders(endpoint, ...args)),
    call: (endpoint, ...args) => asCli(typed.call(endpoint, ...args)),
    send: (endpoint, ...args) => asCli(typed.send(endpoint, ...args)),
    urlOf: (endpoint, target) => typed.urlOf(endpoint, target),

    upload(endpoint, target, file) {
      return asCli(
        typed.exchange(endpoint, target, (url, headers) => {
          const counted = countBytes(file, progress?.isTTY ? progress : undefined);
          const source = file.body ? Readable.from(file.body()) : createReadStream(file.path);
          // pipe() does not pass errors on: a failed read (or seal) must fail the request, not leave it waiting.
          source.on('error', (error: Error) => counted.destroy(error));
          const body = Readable.toWeb(source.pipe(counted)) as ReadableStream<Uint8Array>;
          const uploadHeaders = {
            ...headers,
            ...rawUploadHeaders(file),
            'Content-Length': String(file.size),
          };
          const init = { method: endpoint.method, headers: uploadHeaders, body, duplex: 'half' } as RequestInit;
          return fetch(url, init);
        }),
      );
    },

    async download(url) {
      const response = await asCli(fetch(url, { method: 'GET', headers: headersFor({ Accept: '*/*' }) }));
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

/** A refused answer as the CliError its status calls for (the device sign-in's polling reads its own first). */
export async function refusalOf(response: Response): Promise<CliError> {
  return cliErrorOfRefusal(await apiErrorOf(response));
}

/**
 * A server's refusal as the CliError its status calls for, with the server's own words when it sent them. Those
 * words are printed to a terminal: only their first line, with escapes and bidi overrides shown as �, makes the
 * message (the body, for `--json`, keeps them as sent).
 */
function cliErrorOfRefusal(refusal: ApiError): CliError {
  const body = refusal.isServerRefusal ? { error: refusal.message, code: refusal.code } : null;
  const said = body ? printable(firstLine(body.error)) : null;
  if (refusal.status === 401) {
    return new CliError(
      `${said ?? 'Not signed in'}: the server refused this token (signed out, revoked or expired). Run clipsync login to sign in again.`,
      EXIT.NOT_SIGNED_IN,
      body ?? undefined,
    );
  }
  if (refusal.status === 413) {
    return new CliError(said ?? 'Too large for this server', EXIT.TOO_LARGE, body ?? undefined);
  }
  const status = `The server answered ${refusal.status} ${refusal.statusText}`.trim();
  return new CliError(
    said ?? printable(status),
    EXIT.GENERAL_FAILURE,
    body ?? { error: status, code: `HTTP_${refusal.status}` },
  );
}

/** Any failure of a call as the CliError the CLI prints and exits with: the one place the mapping lives. */
function cliErrorOf(server: string, error: unknown): CliError {
  if (error instanceof ApiError) return cliErrorOfRefusal(error);
  if (error instanceof AnswerOutsideContractError) {
    return new CliError(
      `The server's answer to ${error.method} ${error.template} is not what this clipsync expects: is ${server} a ClipSync server of a matching version?`,
      EXIT.GENERAL_FAILURE,
      { error: 'Unexpected answer from the server', code: 'UNEXPECTED_RESPONSE' },
    );
  }
  return networkError(server, error);
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
