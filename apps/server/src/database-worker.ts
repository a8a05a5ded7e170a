/**
 * The embedded database's thread (db/pglite-worker.ts), started by db/pglite-worker-client.ts, with the write
 * queue's writes it runs itself (queued-writes.ts).
 */
import { serveEmbeddedDatabase } from './db/pglite-worker';
import { QUEUED_WRITES } from './queued-writes';

await serveEmbeddedDatabase(QUEUED_WRITES);
