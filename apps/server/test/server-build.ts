import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '../src/db/data-dir-lock';
import { serverRoot } from '../src/server-root';

/**
 * The server compiled as `npm start` runs it (scripts/build-server.mjs: main.js and the embedded database's
 * worker and first-open child beside it), once per test process, into a folder of its own beside `dist/`;
 * the answer is that folder. Through tsx, each start of a server process and of every embedded database's
 * worker thread transpiled the sources again: seconds per process (crash-recovery.test.ts starts twenty) and
 * a third of a second per test app. Its own folder, because main.test.ts rebuilds `dist/` while other files
 * run. Vitest ends its workers with a signal, which skips exit handlers: the folders of ended processes go at
 * the next build, and `npm test` removes them all once Vitest is done.
 */
export function serverBuildForThisProcess(): string {
  if (!outdir) {
    removeFoldersOfEndedRuns();
    const folder = join(serverRoot, `${BUILD_FOLDER_PREFIX}${process.pid}`);
    const built = buildServerInto(folder);
    if (built.status !== 0) throw new Error(`the server's build failed:\n${built.stderr}`);
    outdir = folder;
  }
  return outdir;
}

let outdir: string | undefined;
const BUILD_FOLDER_PREFIX = 'dist-test-';

/** Runs scripts/build-server.mjs into `folder` (one level below apps/server, as `dist/` is); its status and errors. */
export function buildServerInto(folder: string): { status: number | null; stderr: string } {
  return spawnSync(process.execPath, ['../../scripts/build-server.mjs', '--outdir', folder], {
    cwd: serverRoot,
    encoding: 'utf8',
  });
}

function removeFoldersOfEndedRuns(): void {
  for (const name of readdirSync(serverRoot)) {
    const pid = Number(name.startsWith(BUILD_FOLDER_PREFIX) ? name.slice(BUILD_FOLDER_PREFIX.length) : NaN);
    if (Number.isInteger(pid) && !isProcessAlive(pid)) rmSync(join(serverRoot, name), { recursive: true, force: true });
  }
}
