import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initialisePgliteInChild } from '../src/db/pglite-first-open';
import { templateKey } from './pglite-template';

/**
 * A new DATA_DIR whose embedded database is already initialised and migrated: a copy of one that the
 * server's own first open (db/pglite-first-open.ts) made once per set of migrations and PGlite version. For
 * the tests of what follows a first start (a restart, a kill, a drain, a second process): each paid PGlite's
 * initdb, 6–8 s of a core, for nothing it tested. The first open itself is still tested from empty folders
 * (pglite-first-open.test.ts, main.test.ts's file modes, db/client.test.ts).
 */
export async function dataDirWithDatabase(prefix = 'clipsync-data-'): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await cp(await initialisedPglite(), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

function initialisedPglite(): Promise<string> {
  initialised ??= makeOnce();
  return initialised;
}

let initialised: Promise<string> | undefined;

async function makeOnce(): Promise<string> {
  const path = join(tmpdir(), `clipsync-pglite-initialised-${await templateKey()}`);
  if (await stat(path).catch(() => undefined)) return path;
  // Made aside and renamed: a test process never copies a directory another one is still making.
  const partial = `${path}.${randomBytes(6).toString('hex')}`;
  try {
    await mkdir(partial);
    await initialisePgliteInChild(join(partial, 'pglite'));
    // Another process may have renamed its own into place first: either is the same database.
    await rename(join(partial, 'pglite'), path).catch(() => undefined);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return path;
}
