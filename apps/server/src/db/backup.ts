import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile } from 'node:fs/promises';
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

/**
 * Opened without following a symbolic link, created private: a link planted in the backup folder must not
 * make the backup write (or a restore read) a file elsewhere.
 */
const WRITE_PRIVATE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
const READ_NO_LINK = constants.O_RDONLY | constants.O_NOFOLLOW;
const PRIVATE_FILE = 0o600;

/**
 * pg_dump and pg_restore get the database password in PGPASSWORD, never in their arguments, which every
 * user of the machine can read (`ps`). A password in the URL's query is moved likewise.
 */
export function databaseCommandTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

/** Refuses a backup folder holding a symbolic link, at its top or among its files. */
async function refuseSymlinks(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) {
      throw new Error(`the backup folder holds a symbolic link (${join(entry.parentPath, entry.name)}): refused`);
    }
  }
}

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
  await refuseSymlinks(input.folder);
  if (!(await lstat(join(input.folder, FILES))).isDirectory()) throw new Error('the backup folder is not usable');
  // pg_dump writes into a file made private here: its own umask could leave the dump readable by others.
  const dump = await open(join(input.folder, DUMP), WRITE_PRIVATE, PRIVATE_FILE);
  await dump.chmod(PRIVATE_FILE);
  await dump.close();
  const { url, env } = databaseCommandTarget(input.databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${join(input.folder, DUMP)}`, url], { env });
  const keys = await referencedKeys(input.db);
  for (const key of keys) {
    const target = await open(join(input.folder, FILES, key), WRITE_PRIVATE, PRIVATE_FILE);
    await pipeline(await input.files.get(key), target.createWriteStream());
  }
  const manifest: Manifest = { createdAt: new Date().toISOString(), files: keys.length };
  const written = await open(join(input.folder, MANIFEST), WRITE_PRIVATE, PRIVATE_FILE);
  await written.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
  await written.close();
  return manifest;
}

/**
 * Puts a backup back: the database (into an empty one, with the server stopped) and every file into the
 * FileStore. Refuses a folder without its manifest, which a backup writes last: an interrupted backup is
 * never restored as if it were whole.
 */
export async function restoreBackup(input: { databaseUrl: string; files: FileStore; folder: string }) {
  await refuseSymlinks(input.folder);
  const manifest = JSON.parse(await readFile(join(input.folder, MANIFEST), 'utf8')) as Manifest;
  const keys = await readdir(join(input.folder, FILES));
  if (keys.length !== manifest.files) {
    throw new Error(`the backup lists ${manifest.files} files but holds ${keys.length}: it is not whole`);
  }
  const { url, env } = databaseCommandTarget(input.databaseUrl);
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, join(input.folder, DUMP)], { env });
  for (const key of keys) {
    const source = await open(join(input.folder, FILES, key), READ_NO_LINK);
    await input.files.put(key, source.createReadStream(), { maxBytes: NO_SIZE_LIMIT });
  }
  return manifest;
}
