import pino from 'pino';
import { loadConfig } from '../src/config/env';
import { pgliteHandle } from '../src/db/client';
import { PgliteWorker } from '../src/db/pglite-worker-client';
import { serve } from '../src/serve';
import { pgliteRuntime, pgliteTemplate } from './pglite-template';

/**
 * A process entry that serves as src/main.ts does, on an embedded database (in memory, from the tests'
 * migrated template) whose worker thread it can end: on SIGUSR2 the worker is terminated, as a WebAssembly
 * abort or an out-of-memory ends it (src/serve.test.ts).
 */
async function main(): Promise<void> {
  const [template, runtime] = await Promise.all([pgliteTemplate(), pgliteRuntime()]);
  const worker = await PgliteWorker.start({ dataDir: undefined, template, runtime });
  process.on('SIGUSR2', () => void worker.terminate());
  await serve(loadConfig(), { database: pgliteHandle(worker, undefined, pino()) });
}

void main();
