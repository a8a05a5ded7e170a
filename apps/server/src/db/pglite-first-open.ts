import { fork } from 'node:child_process';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverRoot } from '../server-root';

/**
 * PGlite's first open of an empty directory (initdb in WebAssembly, then the migrations) grows its
 * WebAssembly memory to 600–700 MB, and WebAssembly memory never shrinks: a server that did it kept that
 * RSS until it stopped, against ~230 MB when it opened an existing directory (docs/decisions/004-pglite-first-open-in-child.md).
 * So the first open runs in a short-lived child process, and the server opens the result.
 *
 * The child works in a staging directory beside `pgliteDir`, renamed into place only once it has exited
 * successfully: a first start killed half-way (kill -9, power cut) leaves no half-initialised database for
 * the next start to trip on, only a staging directory, which that start removes. The caller holds the
 * DATA_DIR lock (db/data-dir-lock.ts) throughout, so no other server can be opening the directory meanwhile.
 */
export async function initialisePgliteInChild(pgliteDir: string): Promise<void> {
  if (!(await isAbsentOrEmpty(pgliteDir))) return;
  await removeStagingDirectories(pgliteDir);
  const staging = `${pgliteDir}${STAGING_INFIX}${process.pid}`;
  try {
    await runChild(staging);
    // Absent or empty (checked above, and the lock has kept everyone else out since).
    await rm(pgliteDir, { recursive: true, force: true });
    await rename(staging, pgliteDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

const STAGING_INFIX = '.first-open-';

/** Only a directory that is not there or holds nothing is initialised here; anything else PGlite opens itself. */
async function isAbsentOrEmpty(directory: string): Promise<boolean> {
  try {
    if (!(await stat(directory)).isDirectory()) return false;
    return (await readdir(directory)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** What an earlier first start left when it was killed before the rename. */
async function removeStagingDirectories(pgliteDir: string): Promise<void> {
  const prefix = `${basename(pgliteDir)}${STAGING_INFIX}`;
  const names = await readdir(dirname(pgliteDir)).catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix))
      .map((name) => rm(join(dirname(pgliteDir), name), { recursive: true, force: true })),
  );
}

/**
 * The child's script: the compiled one beside dist/main.js under `npm start` (scripts/build-server.mjs
 * builds both), the TypeScript source through tsx when the server itself runs from source (tests, dev).
 */
function childScript(): { script: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: join(serverRoot, 'dist/pglite-first-open.js'), execArgv: [] };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { script: join(serverRoot, 'src/db/pglite-first-open-child.ts'), execArgv: ['--import', tsx] };
}

function runChild(directory: string): Promise<void> {
  const { script, execArgv } = childScript();
  return new Promise((resolve, reject) => {
    // stderr passes through, so a failure says why in the server's own output.
    // initdb runs each of PostgreSQL's functions a few times, once: V8's optimising compiler for WebAssembly only
    // costs it CPU there (5.4 → 3.4 s of CPU, 0.6 s of wall time on two cores), and the child's code is thrown
    // away when it exits (decision 043).
    const child = fork(script, [directory], {
      execArgv: [...execArgv, '--liftoff-only'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`PGlite's first open of ${directory} failed (exit ${code ?? signal})`));
    });
  });
}
