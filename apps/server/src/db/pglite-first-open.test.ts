import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './client';
import { MEMORY_DATABASE } from './embedded-start';
import { initialisePgliteInChild } from './pglite-first-open';

const directories: string[] = [];
const newDataDir = async () => {
  const directory = await mkdtemp(join(tmpdir(), 'clipsync-first-open-'));
  directories.push(directory);
  return directory;
};
afterAll(() => Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))));

const log = pino({ level: 'silent' });
// initdb in WebAssembly: a few seconds alone, much longer on a busy machine.
const FIRST_OPEN_MS = 120_000;

/** Tables, columns, indexes, triggers, extensions and applied migrations: what the migrations make. */
async function schemaOf(db: Database) {
  const rows = async (query: string) => ((await db.execute(sql.raw(query))) as { rows: unknown[] }).rows;
  return {
    columns: await rows(
      `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema = 'public' order by table_name, column_name`,
    ),
    indexes: await rows(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    triggers: await rows(
      `select tgname, tgrelid::regclass::text as "table" from pg_trigger where not tgisinternal order by tgname`,
    ),
    extensions: await rows(`select extname from pg_extension order by extname`),
    migrations: await rows(`select hash from drizzle.__drizzle_migrations order by id`),
  };
}

describe("PGlite's first open of an empty DATA_DIR, in a child process", () => {
  test(
    'the server opens an empty DATA_DIR and finds the schema an in-process migration makes',
    async () => {
      const dataDir = await newDataDir();
      const database = await openDatabase(undefined, dataDir, log);
      let fromChild;
      try {
        fromChild = await schemaOf(database.db);
      } finally {
        await database.close();
      }
      const reference = await openDatabase(MEMORY_DATABASE, dataDir, log);
      try {
        expect(fromChild).toEqual(await schemaOf(reference.db));
      } finally {
        await reference.close();
      }
      expect(fromChild.columns.length).toBeGreaterThan(20);
      expect(fromChild.migrations.length).toBeGreaterThan(5);
      // Only the database and the lock's directory: no staging directory left behind.
      expect((await readdir(dataDir)).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);
    },
    FIRST_OPEN_MS,
  );

  test(
    'initdb runs in the child, a killed start’s staging directory goes, an existing database is left alone',
    async () => {
      const dataDir = await newDataDir();
      const pgliteDir = join(dataDir, 'pglite');
      // What a first start killed before its rename leaves; and an empty directory counts as empty.
      await mkdir(join(dataDir, 'pglite.first-open-999999'));
      await mkdir(pgliteDir);
      await initialisePgliteInChild(pgliteDir);
      // This process never opened PGlite: the database files are the child's.
      const version = await stat(join(pgliteDir, 'PG_VERSION'));
      expect(version.isFile()).toBe(true);
      expect((await readdir(dataDir)).sort()).toEqual(['pglite']);

      await initialisePgliteInChild(pgliteDir);
      expect((await stat(join(pgliteDir, 'PG_VERSION'))).mtimeMs).toBe(version.mtimeMs);
      expect(await readdir(dataDir)).toEqual(['pglite']);
    },
    FIRST_OPEN_MS,
  );
});
