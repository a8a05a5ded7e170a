import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never shrinks:
 * once touched they stay resident for the life of the process. The embedded database of one household or
 * office is far smaller, and the operating system still caches its files, so 16 MB keeps ~120 MB of RSS
 * (measured at rest) for nothing a user would notice (docs/decisions/003-pglite-small-shared-buffers.md). Given on the command line:
 * PGlite's `postgresqlconf` would replace the whole postgresql.conf that initdb wrote (time zone, locale).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PGlite's compiled WebAssembly and its bundle of files (PostgreSQL's share/ folder), as given to a new
 * instance instead of each reading and compiling its own: a process that opens many databases (a test worker
 * builds hundreds of apps) does that once. A compiled module crosses to a worker thread without a copy.
 */
export interface PgliteRuntime {
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/**
 * PGlite as the server runs it, in `dataDir` or in memory: the server and the first-open child
 * (pglite-first-open.ts) must open a directory with the same extensions and settings. `template` starts it
 * from a dump of another one (`dumpDataDir`) instead of an empty initdb: the tests' migrated template.
 */
export function createPglite(
  dataDir: string | undefined,
  { template, runtime }: { template?: Blob; runtime?: PgliteRuntime } = {},
): Promise<PGlite> {
  // pg_trgm and btree_gin back the search indexes (a substring match within one user's clips or one room);
  // PostgreSQL ships both in contrib.
  return PGlite.create({
    dataDir,
    loadDataDir: template,
    pgliteWasmModule: runtime?.wasmModule,
    fsBundle: runtime?.fsBundle,
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
}
