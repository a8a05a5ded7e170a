/**
 * "send to an online device" (bench/README.md#results): one user's two devices, the receiver's socket open;
 * the sender POSTs `/api/device-sends` with 1 KB of text (the real path: auth, policy, presence, DB insert,
 * broadcast) and the latency runs from the request's start until the receiver's `device:send` arrives
 * (the receiver acknowledges each, as a client does). Sends go one after another; p50/p99 over all of them.
 *
 *   npm run bench -- device-send [--sends 200] [--rounds 1] [--timeout 120]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { describeDatabase } from './lib/database';
import { keepAliveAgent, requestJson } from './lib/http';
import { guardScenario, machine, positiveInt, printResult, temporaryDirectory } from './lib/scenario';
import { PRODUCTION_V8_FLAGS, startServerChild } from './lib/server-child';
import { latencySummary, median, round2 } from './lib/stats';

const BUDGET_P99_MS = 50;
const BUDGET_SENDS = 200;
const WARMUP_SENDS = 10;
const CONTENT_BYTES = 1024;
const ARRIVAL_TIMEOUT_MS = 5_000;
const DATABASE = 'memory://';

const { values } = parseArgs({
  options: {
    sends: { type: 'string', default: String(BUDGET_SENDS) },
    rounds: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '120' },
  },
});
const sends = positiveInt('device-send', 'sends', values.sends);
const rounds = positiveInt('device-send', 'rounds', values.rounds);
const disarm = guardScenario('device-send', positiveInt('device-send', 'timeout', values.timeout));
const dataDir = temporaryDirectory();
const serverScript = fileURLToPath(new URL('./servers/clipsync-server.ts', import.meta.url));

interface TwoDevices {
  senderToken: string;
  receiverToken: string;
  receiverDeviceId: string;
}

function connect(base: string, token: string, onSend: (send: { id: string; text?: string }) => void): Promise<Socket> {
  const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  socket.on('device:send', (send: { id: string; text?: string }) => {
    onSend(send);
    socket.emit('device:send-ack', { id: send.id });
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function runRound(): Promise<{ latenciesMs: number[]; errors: number; queued: number }> {
  const server = await startServerChild(serverScript, {
    nodeFlags: PRODUCTION_V8_FLAGS,
    env: {
      BENCH_DATA_DIR: dataDir,
      BENCH_DATABASE_URL: DATABASE,
      BENCH_RATE_LIMIT_PER_MINUTE: '100000',
      DEVICE_SENDS_PER_MINUTE: '100000',
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  const devices = await server.call<TwoDevices>('signInTwoDevices');
  const waiting = new Map<string, () => void>();
  const socket = await connect(base, devices.receiverToken, (send) => {
    const seq = send.text?.slice(0, send.text.indexOf('|'));
    if (seq) waiting.get(seq)?.();
  });
  const agent = keepAliveAgent(1);
  const headers = { authorization: `Bearer ${devices.senderToken}` };
  const latenciesMs: number[] = [];
  let errors = 0;
  let queued = 0;
  try {
    for (let seq = 0; seq < WARMUP_SENDS + sends; seq++) {
      const text = `${seq}|`.padEnd(CONTENT_BYTES, 'x');
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ARRIVAL_TIMEOUT_MS);
        waiting.set(String(seq), () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      const startedAt = performance.now();
      try {
        const answer = await requestJson<{ sends: Array<{ status: string }> }>(`${base}/api/device-sends`, {
          method: 'POST',
          headers,
          agent,
          json: { to: [devices.receiverDeviceId], text },
        });
        if (answer.sends[0]?.status !== 'delivered') queued++;
      } catch {
        errors++;
      }
      const ok = await arrived;
      waiting.delete(String(seq));
      if (!ok) errors++;
      else if (seq >= WARMUP_SENDS) latenciesMs.push(performance.now() - startedAt);
    }
  } finally {
    socket.close();
    agent.destroy();
    await server.stop();
  }
  return { latenciesMs, errors, queued };
}

const results = [];
for (let round = 0; round < rounds; round++) results.push(await runRound());
const p50s = results.map((result) => latencySummary(result.latenciesMs).p50);
const p99s = results.map((result) => latencySummary(result.latenciesMs).p99);
const p99 = round2(median(p99s));
const errors = results.reduce((sum, result) => sum + result.errors, 0);
const queued = results.reduce((sum, result) => sum + result.queued, 0);
const isFullSize = sends >= BUDGET_SENDS;
const met = errors === 0 && queued === 0 && p99 <= BUDGET_P99_MS;
disarm();
console.error(`device-send: p99 ${p99} ms against a budget of ${BUDGET_P99_MS} ms: ${met ? 'met' : 'missed'}`);
await printResult(
  {
    scenario: 'device-send',
    database: describeDatabase(DATABASE),
    machine: machine(),
    sends,
    rounds,
    contentBytes: CONTENT_BYTES,
    p50Ms: round2(median(p50s)),
    p99Ms: p99,
    perRound: results.map((result) => latencySummary(result.latenciesMs)),
    errors,
    queued,
    budget: { p99Ms: BUDGET_P99_MS },
    verdict: met ? 'met' : 'missed',
    fullSize: isFullSize,
  },
  isFullSize ? !met : errors > 0,
);
