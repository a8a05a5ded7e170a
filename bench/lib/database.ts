/** Which database a ClipSync child runs on, said the same way in every result, and throw-away PostgreSQL. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './scenario';

/** For the JSON: the kind and where, never a password. */
export function describeDatabase(benchDatabaseUrl: string): string {
  if (benchDatabaseUrl === 'memory://') return 'pglite (memory://)';
  if (benchDatabaseUrl === 'data-dir') return 'pglite (DATA_DIR on disk)';
  const url = new URL(benchDatabaseUrl);
  return `postgresql (${url.host}${url.pathname})`;
}

/**
 * A fresh database on the server of `serverUrl` (a TEST_DATABASE_URL-style URL), dropped when the scenario
 * leaves, so a run neither reads nor leaves rows in anyone's database.
 */
export async function createThrowawayDatabase(serverUrl: string): Promise<string> {
  const name = `clipsync_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
