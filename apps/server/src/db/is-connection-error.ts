/**
 * True when an error means the database cannot be reached right now (server restarting, connection
 * dropped), as opposed to a bad query: those calls answer 503 instead of crashing or leaking a 500.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutdown, crash, cannot connect now).
const SQLSTATE = /^(08...|57P0[1-3])$/;
// The last: the embedded database's worker thread died (db/pglite-worker-client.ts).
const CLOSED_MESSAGES =
  /Connection terminated|Client has encountered a connection error|connection is closed|PGlite is closed|PGlite's worker stopped/i;

export function isDatabaseConnectionError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (NETWORK_CODES.has(candidate.code) || SQLSTATE.test(candidate.code))) {
      return true;
    }
    if (typeof candidate.message === 'string' && CLOSED_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
