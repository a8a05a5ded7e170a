import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FileStore } from '../storage/file-store';
import type { Database } from './client';
import { rowsOf } from './raw-rows';
import { clipFiles, desktopItems, roomContent } from './schema';

const run = promisify(execFile);

/** What a backup folder holds besides the dump and the files: when, and what to expect inside. */
interface Manifest {
  createdAt: string;
  files: number;
}

const DUMP = 'database.dump';
const FILES = 'files';
const MANIFEST = 'manifest.json';
/** Restoring puts back files that were accepted once; the upload limit is not the store's to judge again. */
const NO_SIZE_LIMIT = Number.MAX_SAFE_INTEGER;

/** Every stored file a row still refers to: clip files, room files and desktop files. */
async function referencedKeys(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select ${clipFiles.storageKey} as key from ${clipFiles}
    union select ${roomContent.storageKey} from ${roomContent} where ${roomContent.storageKey} is not null
    union select ${desktopItems.storageKey} from ${desktopItems} where ${desktopItems.storageKey} is not null`);
  return rowsOf<{ key: string }>(result).map((row) => row.key);
}

/**
 * A backup of a PostgreSQL deployment into `folder`: the database as pg_dump's custom format (a consistent
 * snapshot taken while the nodes keep serving), then every file a row refers to, from the FileStore (local
 * disk or the bucket). A file uploaded after the dump is not in it, and no row of the dump lacks its file.
 */
export async function createBackup(input: { databaseUrl: string; db: Database; files: FileStore; folder: string }) {
  await mkdir(join(input.folder, FILES), { recursive: true, mode: 0o700 });
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${join(input.folder, DUMP)}`, input.databaseUrl]);
  const keys = await referencedKeys(input.db);
  for (const key of keys) {
    await pipeline(await input.files.get(key), createWriteStream(join(input.folder, FILES, key), { mode: 0o600 }));
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), files: keys.length };
  await writeFile(join(input.folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Puts a backup back: the database (into an empty one, with the server stopped) and every file into the
 * FileStore. Refuses a folder without its manifest, which a backup writes last: an interrupted backup is
 * never restored as if it were whole.
 */
export async function restoreBackup(input: { databaseUrl: string; files: FileStore; folder: string }) {
  const manifest = JSON.parse(await readFile(join(input.folder, MANIFEST), 'utf8')) as Manifest;
  const keys = await readdir(join(input.folder, FILES));
  if (keys.length !== manifest.files) {
    throw new Error(`the backup lists ${manifest.files} files but holds ${keys.length}: it is not whole`);
  }
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${input.databaseUrl}`, join(input.folder, DUMP)]);
  for (const key of keys) {
    await input.files.put(key, createReadStream(join(input.folder, FILES, key)), { maxBytes: NO_SIZE_LIMIT });
  }
  return manifest;
}
