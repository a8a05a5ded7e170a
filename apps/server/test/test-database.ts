import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratePostgresDatabase } from '../src/db/migrate';
import { templateKey } from './pglite-template';

/**
 * A throw-away database on the TEST_DATABASE_URL server, so test files never share state. It is a copy of a
 * template database the server's own migrate made once per set of migrations (PostgreSQL copies one in a few
 * milliseconds; migrating each database from empty cost every test app a second). `empty` gives one with no
 * tables: the scale-out test's first node migrates it, which keeps migrating from empty proved on PostgreSQL.
 */
export async function createTestDatabase({ empty = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `clipsync_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : await migratedTemplate(serverUrl);
  await asAdmin(serverUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await asAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

let template: Promise<string> | undefined;

function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= makeTemplateOnce(serverUrl);
  return template;
}

/** Arbitrary constant: Vitest's workers make the template one at a time; the others find it made. */
const TEMPLATE_LOCK_KEY = 7_433_210_518;

async function makeTemplateOnce(serverUrl: string): Promise<string> {
  const name = `clipsync_template_${await templateKey()}`;
  await asAdmin(serverUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      // Made under another name and renamed once migrated: a template is never copied half-made.
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      // A template can be copied only while no one is connected to it: this pool ends before the rename.
      const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, partial), max: 1 });
      try {
        await migratePostgresDatabase(pool);
      } finally {
        await pool.end();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return name;
}

async function asAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
