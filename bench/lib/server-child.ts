/** Parent side of servers/child-protocol.ts: start a server script in its own `node --expose-gc` process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { FromChild, ToChild } from '../servers/child-protocol';

export interface ServerChild {
  port: number;
  /** RSS and heap after a few full GCs in the child. */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  /** Runs one of the child's named methods (see servers/child-protocol.ts) and returns its result. */
  call<T>(method: string, args?: unknown, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

export interface ServerChildOptions {
  /** Variables added to the child's environment. */
  env?: Record<string, string>;
  /** Node flags instead of NODE_FLAGS (a scenario whose figure is not idle memory may want V8's defaults). */
  nodeFlags?: string[];
  /**
   * A file the child's stdout is appended to, instead of our stderr (a server logging every request would
   * otherwise have this process, the load generator, read and write every line).
   */
  stdoutFile?: string;
  /** How long start-up may take (90 s unless set): a first start on an empty DATA_DIR runs initdb, and a busy machine is slow. */
  readyTimeoutMs?: number;
}

// Generous: a first start on an empty DATA_DIR runs initdb, which took 30-60 s here on a busy shared machine.
const READY_TIMEOUT_MS = 90_000;
const REPLY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;

/**
 * Flags for both servers, so RSS moves with what the connections hold rather than with V8's housekeeping:
 * - `--expose-gc`: the child collects before it reports RSS.
 * - `--max-semi-space-size=1`: the young generation otherwise grows once to 32 MB and never shrinks;
 *   ClipSync's start-up has already grown it, the bare server would grow it mid-run (~4 KB per connection).
 *   Idle connections live in the old generation, which this does not touch.
 * - `--no-memory-reducer`: it starts 8 s after start-up (about when ClipSync is ready) and at a random moment
 *   returns tens of MB of pooled pages, which half the ClipSync samples showed as 3–5 KB instead of 12–14.
 */
export const NODE_FLAGS = ['--expose-gc', '--max-semi-space-size=1', '--no-memory-reducer'];

/**
 * V8's own heap sizing, as deployed, for scenarios whose figure is latency, throughput or MB of RSS: the flags
 * above steady a figure of a few KB per idle connection and are not what production runs with.
 * (`--expose-gc` only lets the child collect before it reports memory; it changes nothing else.)
 */
export const PRODUCTION_V8_FLAGS = ['--expose-gc'];

/** Every child still alive, so a timeout or Ctrl-C can kill them all before exiting. */
const liveChildren = new Set<ChildProcess>();

export function killAllChildren(): void {
  for (const child of liveChildren) child.kill('SIGKILL');
}

/** Resolves with the first message `accept` maps to a value; rejects on timeout or if the child exits first. */
function waitFor<T>(
  child: ChildProcess,
  accept: (message: FromChild) => T | undefined,
  what: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`server child: no ${what} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: FromChild) => {
      const value = accept(message);
      if (value !== undefined) finish(undefined, value);
    };
    const onExit = (code: number | null) => finish(new Error(`server child exited (${code}) before ${what}`));
    function finish(error: Error | undefined, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
      if (error) reject(error);
      else resolve(value as T);
    }
    child.on('message', onMessage).on('exit', onExit);
  });
}

export async function startServerChild(scriptPath: string, options: ServerChildOptions = {}): Promise<ServerChild> {
  // BENCH_CHILD_FLAGS adds flags to every server child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
  // where a scenario's server time goes (a child writes its profile when the scenario stops it).
  const extraFlags = process.env.BENCH_CHILD_FLAGS?.split(' ').filter(Boolean) ?? [];
  const flags = [...(options.nodeFlags ?? NODE_FLAGS), ...extraFlags];
  // Child stdout goes to our stderr (our stdout carries only the JSON result), or to `stdoutFile`.
  const stdoutFd = options.stdoutFile === undefined ? 2 : openSync(options.stdoutFile, 'a');
  const child = spawn(process.execPath, [...flags, '--import', import.meta.resolve('tsx'), scriptPath], {
    stdio: ['ignore', stdoutFd, 2, 'ipc'],
    env: { ...process.env, ...options.env },
  });
  // The child holds its own copy of the descriptor.
  if (stdoutFd !== 2) closeSync(stdoutFd);
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  const send = (message: ToChild) => child.send(message);

  const ready = (message: FromChild) => (message.type === 'ready' ? message.port : undefined);
  const port = await waitFor(child, ready, 'ready message', options.readyTimeoutMs ?? READY_TIMEOUT_MS).catch(
    (error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    },
  );

  let nextCallId = 0;
  return {
    port,
    call: async <T>(method: string, args: unknown = null, timeoutMs = REPLY_TIMEOUT_MS) => {
      const id = ++nextCallId;
      const reply = waitFor(
        child,
        (message) => (message.type === 'reply' && message.id === id ? message : undefined),
        `reply to ${method}`,
        timeoutMs,
      );
      send({ type: 'call', id, method, args });
      const result = await reply;
      if (!result.ok) throw new Error(`server child ${method}: ${result.error}`);
      return result.value as T;
    },
    memory: async () => {
      const memory = (message: FromChild) => (message.type === 'memory' ? message : undefined);
      const reply = waitFor(child, memory, 'memory reply', REPLY_TIMEOUT_MS);
      send({ type: 'measure' });
      const { rss, heapUsed } = await reply;
      return { rss, heapUsed };
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      send({ type: 'stop' });
      await exited;
      clearTimeout(killer);
    },
  };
}
