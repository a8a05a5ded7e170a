// Preloaded (`node --expose-gc --import`) into a process the memory-at-rest scenario starts as `npm start`
// runs: on the scenario's `memory` message it collects fully and answers with what the process holds, so the
// server itself carries no bench code. Plain JavaScript: the process under measure runs no TypeScript loader.
import { readFileSync } from 'node:fs';

const SETTLE_BETWEEN_GCS_MS = 100;

/** smaps_rollup's fields in bytes: `Rss` and `Anonymous` split what the process has resident. */
function smapsRollup() {
  const fields = {};
  for (const line of readFileSync('/proc/self/smaps_rollup', 'utf8').split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    if (match) fields[match[1]] = Number(match[2]) * 1024;
  }
  return fields;
}

process.on('message', async (message) => {
  if (message?.type !== 'memory') return;
  for (let round = 0; round < 3; round++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_BETWEEN_GCS_MS));
  }
  const { rss, heapTotal, external } = process.memoryUsage();
  const smaps = smapsRollup();
  process.send({
    type: 'memory',
    rss,
    heapTotal,
    external,
    anonymous: smaps.Anonymous,
    fileBacked: smaps.Rss - smaps.Anonymous,
  });
});

// Never outlive the scenario: if it dies, its channel closes.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
