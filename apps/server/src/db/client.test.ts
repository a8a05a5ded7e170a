import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './client';

const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-pglite-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// A first open: initdb in a child process, then the server's own open (db/pglite-first-open.ts), which on
// a busy machine takes longer than the default 20 s.
test(
  'the embedded database keeps 16 MB of shared buffers and initdb’s own settings beside them',
  { timeout: 120_000 },
  async () => {
    const database = await openDatabase(undefined, dataDir, pino({ level: 'silent' }));
    try {
      const setting = async (name: string) => {
        const { rows } = (await database.db.execute(sql.raw(`show ${name}`))) as { rows: Record<string, unknown>[] };
        return Object.values(rows[0] ?? {})[0];
      };
      expect(await setting('shared_buffers')).toBe('16MB');
      // Written by initdb into postgresql.conf, which must survive every start.
      expect(await setting('timezone')).toBe('UTC');
      expect(await setting('default_text_search_config')).toBe('pg_catalog.english');
    } finally {
      await database.close();
    }
    expect((await readFile(join(dataDir, 'pglite/postgresql.conf'), 'utf8')).length).toBeGreaterThan(1000);
  },
);
