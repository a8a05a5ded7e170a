import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { pgliteHandle, type DatabaseHandle } from '../src/db/client';
import { migratePgliteDatabase, migrationsFolder } from '../src/db/migrate';
import { createPglite, type PgliteRuntime } from '../src/db/pglite';
import { PgliteWorker } from '../src/db/pglite-worker-client';
import { serverBuildForThisProcess } from './server-build';
import { TemplateDatabasePool } from './template-database-pool';

/**
 * The tests' embedded databases start from one migrated template rather than an empty initdb and every
 * migration: that cost each test app 3–8 s on CI's two cores, and the suites build hundreds of apps. The
 * template is a dump (`dumpDataDir`) kept in the temp folder under the hash of the migrations and of PGlite's
 * version, so a changed migration or PGlite makes a new one, and Vitest's workers (each file imports this
 * anew) share it. Migrating from empty is still proved: the template is made by the server's own migrate, and
 * the first open of an empty data directory has its own tests (pglite-first-open.test.ts, main.test.ts).
 * PGlite's WebAssembly is compiled once per process too (`pgliteRuntime`), and the worker thread runs the
 * server's build for this process (server-build.ts) rather than its sources through tsx: together they were
 * a third of each open. A closed app's database is emptied and given to the process's next app
 * (template-database-pool.ts) rather than a new one opened.
 */
export async function openTemplateMemoryDatabase(): Promise<DatabaseHandle> {
  return pgliteHandle(await pool.lease(), undefined, pino({ level: 'silent' }));
}

/** A new embedded database in memory, from the template, on this process's runtime and build. */
export async function startTemplateWorker(): Promise<PgliteWorker> {
  const [template, runtime] = await Promise.all([pgliteTemplate(), pgliteRuntime()]);
  return PgliteWorker.start({
    dataDir: undefined,
    template,
    runtime,
    script: join(serverBuildForThisProcess(), 'pglite-worker.js'),
  });
}

const pool = new TemplateDatabasePool(startTemplateWorker);

/** The migrated template itself, for a test that starts PGlite's worker on it. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrMakeTemplate();
  return template;
}

let template: Promise<Blob> | undefined;

/** PGlite's WebAssembly compiled and its file bundle read, from its package as PGlite itself finds them. */
export function pgliteRuntime(): Promise<PgliteRuntime> {
  runtime ??= (async () => {
    const entry = import.meta.resolve('@electric-sql/pglite');
    const [wasm, bundle] = await Promise.all([
      readFile(new URL('pglite.wasm', entry)),
      readFile(new URL('pglite.data', entry)),
    ]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return runtime;
}

let runtime: Promise<PgliteRuntime> | undefined;

async function loadOrMakeTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `clipsync-pglite-template-${await templateKey()}.tar`);
  const kept = await readFile(path).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const client = await createPglite(undefined);
  try {
    await migratePgliteDatabase(client);
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed: a worker never reads a template another one is still writing.
    const partial = `${path}.${randomBytes(6).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path).catch(() => rm(partial, { force: true }));
    return dump;
  } finally {
    await client.close();
  }
}

/** The migrations and PGlite's version, hashed: a template made from other ones is never used. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // PGlite's own package.json is not exported: found from its entry point, under its package folder.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageFolder = entry.slice(0, entry.lastIndexOf('/dist/'));
  const { version: pgliteVersion } = JSON.parse(await readFile(join(packageFolder, 'package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(pgliteVersion);
  for (const dir of [migrationsFolder, join(migrationsFolder, 'meta')]) {
    const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((e) => e.name);
    for (const name of names.sort()) hash.update(name).update(await readFile(join(dir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
