/**
 * What the main thread and the embedded database's worker (pglite-worker.ts) say to each other. Everything
 * crosses by structured clone, so a message holds data only: the parsers Drizzle hands PGlite are functions,
 * and cross as the list of type oids whose text is kept as it came (Drizzle's own parsers for dates, times
 * and intervals do exactly that); an error crosses as its fields and is made again on the other side. The
 * write queue's writes cross by name (the worker runs its own copy of each) with their input as data.
 */
import { messages, type Results } from '@electric-sql/pglite';
import type { ErrorCode, PlanId } from '@clipsync/shared';
import { AppError } from '../lib/app-error';
import type { PgliteRuntime } from './pglite';

export type RowMode = 'array' | 'object';

/** What the worker is started with (`workerData`). */
export interface WorkerStart {
  /** PGlite's directory; none for a database in memory. */
  dataDir: string | undefined;
  /** A dump of a migrated database to start from (`dumpDataDir`): the tests' template. */
  template: Blob | undefined;
  /** PGlite's WebAssembly already compiled and its files already read, when the caller opens many databases. */
  runtime: PgliteRuntime | undefined;
  /** An open transaction that sends nothing for this long is rolled back, so a caller that never ends it cannot hold the only connection. */
  transactionIdleLimitMs: number;
}

export type WorkerRequest =
  | {
      kind: 'query';
      id: number;
      sql: string;
      params: unknown[];
      rowMode: RowMode | undefined;
      /** Type oids whose values stay text (see above); none means PGlite's own parsing for every type. */
      rawTypes: number[] | undefined;
      /** The transaction it belongs to (the `id` of its `begin`); none for a statement of its own. */
      transaction: number | undefined;
    }
  | { kind: 'exec'; id: number; sql: string }
  /** A batch of the write queue's writes (db/write-queue.ts), run by the worker in one transaction. */
  | { kind: 'writes'; id: number; calls: WriteCall[] }
  | { kind: 'begin'; id: number }
  | { kind: 'end'; id: number; transaction: number; isCommit: boolean }
  | { kind: 'close'; id: number };

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: CrossedError }
  | { kind: 'done'; id: number; result: Results | undefined }
  | { kind: 'written'; id: number; outcomes: WriteOutcome<CrossedError>[] }
  | { kind: 'refused'; id: number; error: CrossedError };

/** A queued write as it crosses: the name the worker knows it by, and its input. */
export interface WriteCall {
  name: string;
  input: unknown;
}

/** A queued write's result, or its error (its own, or its transaction's when that did not commit). */
export type WriteOutcome<ErrorType> = { isDone: true; value: unknown } | { isDone: false; error: ErrorType };

/** PostgreSQL's error fields (`DatabaseError`), and what PGlite adds (`query`, `params`). */
const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
] as const;

type DatabaseErrorField = (typeof DATABASE_ERROR_FIELDS)[number];

/** What an AppError carries besides its code and message, for the client to act on. */
const APP_ERROR_FIELDS = ['current', 'deviceIds', 'retryAfterSeconds', 'overQuota'] as const;

export interface CrossedError {
  isDatabaseError: boolean;
  name: string;
  message: string;
  stack: string | undefined;
  /** DatabaseError's `length` (its protocol message's), kept so the error is made again whole. */
  length: number | undefined;
  fields: Partial<Record<DatabaseErrorField, unknown>>;
  /** A service's refusal (a queued write over the quota): made again as the AppError it was. */
  appError: { code: ErrorCode; requiredPlan: PlanId | undefined; fields: Record<string, unknown> } | undefined;
  /** Drizzle's error keeps the database's as its cause. */
  cause: CrossedError | undefined;
}

/** An error as it crosses: its message, stack and PostgreSQL's fields, an AppError's code and its cause. */
export function crossedError(error: unknown, depth = 0): CrossedError {
  if (!(error instanceof Error)) {
    return {
      isDatabaseError: false,
      name: 'Error',
      message: String(error),
      stack: undefined,
      length: undefined,
      fields: {},
      appError: undefined,
      cause: undefined,
    };
  }
  const source = error as Error & Partial<Record<DatabaseErrorField | 'length', unknown>>;
  const fields: CrossedError['fields'] = {};
  for (const field of DATABASE_ERROR_FIELDS) if (source[field] !== undefined) fields[field] = source[field];
  return {
    isDatabaseError: error instanceof messages.DatabaseError,
    name: error.name,
    message: error.message,
    stack: error.stack,
    length: typeof source.length === 'number' ? source.length : undefined,
    fields,
    appError: error instanceof AppError ? appErrorParts(error) : undefined,
    cause: error.cause !== undefined && depth < 4 ? crossedError(error.cause, depth + 1) : undefined,
  };
}

function appErrorParts(error: AppError): NonNullable<CrossedError['appError']> {
  const fields: Record<string, unknown> = {};
  for (const field of APP_ERROR_FIELDS) if (error[field] !== undefined) fields[field] = error[field];
  return { code: error.code, requiredPlan: error.requiredPlan, fields };
}

/**
 * The error made again on the main thread: a PGlite DatabaseError with the same fields when it was one (so
 * `code === '23505'`, `constraint`, `detail` read as they did in-process), else an Error of the same name and
 * message. The stack is the worker's, where the statement failed.
 */
export function rebuiltError(crossed: CrossedError): Error {
  let error: Error;
  if (crossed.appError) {
    error = new AppError(crossed.appError.code, crossed.message, crossed.appError.requiredPlan);
    Object.assign(error, crossed.appError.fields);
  } else if (crossed.isDatabaseError) {
    error = new messages.DatabaseError(crossed.message, crossed.length ?? 0, 'error');
  } else {
    error = new Error(crossed.message);
    error.name = crossed.name;
  }
  if (!crossed.appError) Object.assign(error, crossed.fields);
  if (crossed.cause) error.cause = rebuiltError(crossed.cause);
  if (crossed.stack) error.stack = crossed.stack;
  return error;
}
