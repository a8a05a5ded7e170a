/**
 * IPC between a scenario (parent) and a server it measures (child). The server lives in its own process so
 * its RSS is its own: the clients, the other server and earlier rounds never count towards it.
 *
 * Besides `measure` and `stop`, a child may offer named methods (`call`): set-up a scenario needs done inside
 * the server (a signed-in user, seeded rows) and the built-in peak-RSS tracker.
 */
export type ToChild =
  { type: 'measure' } | { type: 'stop' } | { type: 'call'; id: number; method: string; args: unknown };
export type FromChild =
  | { type: 'ready'; port: number }
  | { type: 'memory'; rss: number; heapUsed: number }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: string };

export type ChildMethods = Record<string, (args: unknown) => Promise<unknown>>;

const GC_PASSES = 4;
const GC_PAUSE_MS = 50;
const STEADY_BYTES = 1_048_576;
const STEADY_READINGS = 3;
const STEADY_PAUSE_MS = 250;
const STEADY_MAX_MS = 15_000;
/** Peak RSS sampling: often enough to catch a transfer's buffers, cheap enough not to cost throughput. */
const PEAK_SAMPLE_MS = 5;

function isToChild(message: unknown): message is ToChild {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'measure' || type === 'stop' || type === 'call';
}

/** Several full GCs with pauses between, so finalizers and weak callbacks get to free what they hold. */
async function memoryAfterGc(): Promise<{ rss: number; heapUsed: number }> {
  const collect = globalThis.gc;
  if (!collect) throw new Error('start the server child with node --expose-gc');
  for (let pass = 0; pass < GC_PASSES; pass++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, GC_PAUSE_MS));
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/**
 * Waits until RSS after GC stops moving. Just after start-up ClipSync's RSS falls by ~300 MB over a second or
 * so (start-up garbage, background compilation of PGlite's WebAssembly releasing memory); a measurement
 * taken while that is going on shows connections costing negative kilobytes.
 */
async function awaitSteadyMemory(): Promise<void> {
  const deadline = Date.now() + STEADY_MAX_MS;
  let previous = Number.NaN;
  let steadyReadings = 0;
  while (steadyReadings < STEADY_READINGS && Date.now() < deadline) {
    const { rss } = await memoryAfterGc();
    steadyReadings = Math.abs(rss - previous) < STEADY_BYTES ? steadyReadings + 1 : 0;
    previous = rss;
    await new Promise((resolve) => setTimeout(resolve, STEADY_PAUSE_MS));
  }
}

/**
 * Peak RSS while a transfer runs, without GC (what the machine really had to give): `peakRss:start` begins
 * sampling, `peakRss:stop` returns the highest reading in bytes.
 */
function peakRssMethods(): ChildMethods {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));
  return {
    'peakRss:start': async () => {
      clearInterval(timer);
      peak = 0;
      sample();
      timer = setInterval(sample, PEAK_SAMPLE_MS);
      return peak;
    },
    'peakRss:stop': async () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/**
 * The child's CPU time so far (user + system, µs): read before and after a load, it gives the server's
 * CPU per answer, a figure that another process sharing the machine disturbs far less than latency.
 */
async function readCpuMicros(): Promise<number> {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Runs in the child once it listens: announces the port, answers `measure` and calls, exits on `stop`. */
export async function serveParent(port: number, close: () => Promise<void>, methods: ChildMethods = {}): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  if (!process.send) throw new Error('a bench server child needs an IPC channel (spawn it with stdio "ipc")');
  const allMethods: ChildMethods = { ...peakRssMethods(), 'cpu:read': readCpuMicros, ...methods };
  const stop = async () => {
    await close().catch((error: unknown) => console.error('bench server close failed:', error));
    process.exit(0);
  };
  const call = async ({ id, method, args }: Extract<ToChild, { type: 'call' }>) => {
    try {
      const run = allMethods[method];
      if (!run) throw new Error(`no method "${method}" in this server child`);
      send({ type: 'reply', id, ok: true, value: await run(args) });
    } catch (error) {
      send({ type: 'reply', id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  process.on('message', (message: unknown) => {
    if (!isToChild(message)) return;
    if (message.type === 'stop') void stop();
    else if (message.type === 'call') void call(message);
    else void memoryAfterGc().then((memory) => send({ type: 'memory', ...memory }));
  });
  // If the scenario dies (timeout, Ctrl-C, crash) the channel closes: never outlive it.
  process.on('disconnect', () => void stop());
  await awaitSteadyMemory();
  send({ type: 'ready', port });
}
