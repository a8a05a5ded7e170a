/**
 * "idle sockets" (its budget: bench/README.md#results): KB of server RSS per idle Socket.IO connection (after GC) for
 * the real ClipSync server versus a bare Socket.IO server in the same run, plus the time N clients take to connect.
 * Rounds alternate ClipSync / bare, each on a fresh server process, and the figures quoted are medians.
 *
 *   npm run bench -- idle-sockets [--connections 5000] [--rounds 2] [--timeout 180]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { closeClients, connectClients } from './lib/socket-clients';
import { startServerChild } from './lib/server-child';
import { median, round2 } from './lib/stats';

const RATIO_MAX = 1.5;
const CONNECT_SECONDS_MAX = 10;
/** The budget is stated for 5 000 connections; a smaller run checks the plumbing, not the budget. */
const BUDGET_CONNECTIONS = 5000;
const IN_FLIGHT = 200;
const SETTLE_MS = 1_000;
/** Descriptors a process needs besides its sockets (stdio, IPC, the listener, libuv, PGlite, modules). */
const FD_HEADROOM = 200;

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '180' },
  },
});

const connections = positiveInt('idle-sockets', 'connections', values.connections);
const rounds = positiveInt('idle-sockets', 'rounds', values.rounds);
// Hard bound: whatever hangs, kill the servers and fail instead of running forever.
const disarm = guardScenario('idle-sockets', positiveInt('idle-sockets', 'timeout', values.timeout));

/**
 * Each side of the loopback holds one descriptor per connection: the clients here, the sockets in the server
 * child, so each process needs N plus headroom. Node raises its soft limit to the hard one at start, so the
 * shell we spawn reports the limit our node processes really get.
 */
function fdCheck() {
  const raw = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  const softLimit = raw === 'unlimited' ? Infinity : Number(raw);
  const neededPerProcess = connections + FD_HEADROOM;
  const ok = softLimit >= neededPerProcess;
  return { softLimit: raw, neededPerProcess, ok };
}

// ClipSync's DATA_DIR (stays empty: database in memory, JWT_SECRET given); removed on every exit path.
const dataDir = temporaryDirectory();

const servers = {
  clipsync: fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url)),
  bare: fileURLToPath(new URL('./servers/bare-socketio-server.ts', import.meta.url)),
};
type Side = keyof typeof servers;

interface Sample {
  kbPerConnection: number;
  /** V8 heap growth per connection: a cross-check that RSS was not skewed by memory the process had spare. */
  heapKbPerConnection: number;
  /** Both halves' handshakes, without the measuring pause between them. */
  connectSeconds: number;
  errors: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * One fresh server: connect the first half of the clients, measure, connect the second half, measure. The
 * figure is the second half's growth: ClipSync's start-up (PGlite, migrations) leaves free heap and malloc
 * space behind, and its first connections fill that without RSS moving (0 → N deltas of 8 to 12 KB on
 * identical runs); by the second half both servers grow only by what the connections hold.
 */
async function measure(side: Side): Promise<Sample> {
  // All N clients come from 127.0.0.1: lift ClipSync's per-address socket cap (200) above N.
  const env = { BENCH_DATA_DIR: dataDir, SOCKET_CONNECTIONS_PER_IP: '100000' };
  const server = await startServerChild(servers[side], { env });
  try {
    const url = `http://127.0.0.1:${server.port}`;
    const firstHalf = Math.ceil(connections / 2);
    const first = await connectClients(url, firstHalf, IN_FLIGHT);
    await settle();
    const before = await server.memory();
    const second = await connectClients(url, connections - firstHalf, IN_FLIGHT);
    await settle();
    const after = await server.memory();
    closeClients([...first.sockets, ...second.sockets]);

    const connected = Math.max(second.sockets.length, 1);
    return {
      kbPerConnection: (after.rss - before.rss) / 1024 / connected,
      heapKbPerConnection: (after.heapUsed - before.heapUsed) / 1024 / connected,
      connectSeconds: first.seconds + second.seconds,
      errors: first.errors + second.errors,
    };
  } finally {
    await server.stop();
  }
}

function summarize(samples: Sample[]) {
  return {
    kbPerConnection: round2(median(samples.map((sample) => sample.kbPerConnection))),
    heapKbPerConnection: round2(median(samples.map((sample) => sample.heapKbPerConnection))),
    connectSeconds: round2(median(samples.map((sample) => sample.connectSeconds))),
    errors: samples.reduce((total, sample) => total + sample.errors, 0),
    samples: samples.map((sample) => ({
      kbPerConnection: round2(sample.kbPerConnection),
      heapKbPerConnection: round2(sample.heapKbPerConnection),
      connectSeconds: round2(sample.connectSeconds),
    })),
  };
}

if (connections < BUDGET_CONNECTIONS) {
  console.error(
    `idle-sockets: fewer than ${BUDGET_CONNECTIONS} connections is a smoke test: withinBudget will be null` +
      ' (below ~2000 the RSS figures are mostly allocator noise)',
  );
}
const fds = fdCheck();
if (!fds.ok) {
  console.error(
    `idle-sockets: ulimit -n is ${fds.softLimit}, below the ${fds.neededPerProcess} descriptors each process needs` +
      ' for this many connections; expect EMFILE errors (raise it with `ulimit -n 65536`).',
  );
}

const samples: Record<Side, Sample[]> = { clipsync: [], bare: [] };
for (let round = 1; round <= rounds; round++) {
  for (const side of ['clipsync', 'bare'] as const) {
    const sample = await measure(side);
    console.error(`round ${round} ${side}: ${JSON.stringify(summarize([sample]).samples[0])}`);
    samples[side].push(sample);
  }
}

const clipsync = { ...summarize(samples.clipsync), database: 'pglite (memory://)' };
const bare = summarize(samples.bare);
const ratio = round2(clipsync.kbPerConnection / bare.kbPerConnection);
// Not budgeted (the budget states an absolute 10 s), but shows whether a slow connect was ClipSync or the machine.
const connectRatio = round2(clipsync.connectSeconds / bare.connectSeconds);
const judged = connections >= BUDGET_CONNECTIONS && bare.kbPerConnection > 0;
const withinBudget = judged
  ? clipsync.errors === 0 &&
    bare.errors === 0 && // a floor with failed connections is not a floor
    ratio <= RATIO_MAX &&
    clipsync.connectSeconds <= CONNECT_SECONDS_MAX
  : null;

disarm();
// Client sockets may still be closing; the result is out, so leave now. Over budget (or, in a run too small
// to judge, any failed connection) exits 1 for CI.
const failed = withinBudget === false || (withinBudget === null && clipsync.errors + bare.errors > 0);
await printResult(
  {
    scenario: 'idle-sockets',
    machine: machine(),
    connections,
    rounds,
    clipsync,
    bare,
    ratio,
    connectRatio,
    budget: { ratioMax: RATIO_MAX, connectSecondsMax: CONNECT_SECONDS_MAX, connections: BUDGET_CONNECTIONS },
    withinBudget,
    fds,
  },
  failed,
);
