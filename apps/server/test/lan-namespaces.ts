import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ClientAnswer, ClientCommand, GetAnswer } from './lan-namespace-client';
import type { AckResult } from './lan-sockets';
import { serverDir, spawnSourceServer, type Started } from './server-process';

/**
 * The LAN leg's networks (scripts/test-services.sh makes them as root): a network namespace for the server
 * and one for each client network, linked by veth pairs inside them. Every address of the leg exists only
 * in those namespaces, so its traffic never leaves them, and the server sees each network's own address
 * with no header trusted.
 */
export interface LanNetwork {
  namespace: string;
  /** The network's address inside its namespace: the server listens on it, a client's traffic leaves from it. */
  address: string;
}

export interface LanNetworks {
  server: LanNetwork;
  home: LanNetwork;
  neighbour: LanNetwork;
}

/** TEST_LAN_NAMESPACES: `namespace@address` of the server's network, then of the home and neighbour networks. */
export function lanNetworks(variable = process.env.TEST_LAN_NAMESPACES ?? ''): LanNetworks {
  const [server, home, neighbour] = variable.split(',').map((entry): LanNetwork | undefined => {
    const [namespace, address] = entry.split('@');
    return namespace && address ? { namespace, address } : undefined;
  });
  if (!server || !home || !neighbour) {
    throw new Error(`TEST_LAN_NAMESPACES names three networks as namespace@address,…, not "${variable}"`);
  }
  return { server, home, neighbour };
}

/** `ip`'s arguments that run the rest of a command line inside the network's namespace. */
const inNamespace = (network: LanNetwork) => ['netns', 'exec', network.namespace];

const JWT_SECRET = 'lan-namespaces-test-secret-of-at-least-32-characters';

/** The real server, from its source, listening on the server network's address in its namespace. */
export async function startServerIn(network: LanNetwork): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clipsync-lan-'));
  const server = spawnSourceServer(
    { DATA_DIR: dataDir, JWT_SECRET, RATE_LIMIT_PER_MINUTE: '100000', HOST: network.address },
    ['ip', ...inNamespace(network)],
  );
  const stop = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    return { baseUrl: await listening(server), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Resolves with the address the server logs once listening. The test process, outside the namespace, cannot
 * reach it to ask /api/health; the listening line comes after every route is registered.
 */
function listening(server: Started): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const address = /listening at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
      if (address) resolve(address);
    };
    server.child.stdout?.on('data', check);
    server.child.stderr?.on('data', check);
    void server.exited.then((code) => reject(new Error(`the server exited (${code}):\n${server.output()}`)));
  });
}

export type NamespaceClient = ReturnType<typeof clientIn>;

/**
 * The devices of one client network: a process inside its namespace (test/lan-namespace-client.ts) that
 * opens the sockets and requests the test asks for. `close` ends it with its sockets.
 */
export function clientIn(network: LanNetwork) {
  const node = [process.execPath, '--import', 'tsx', 'test/lan-namespace-client.ts'];
  const child = spawn('ip', [...inNamespace(network), ...node], { cwd: serverDir, stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A process that could not start (no `ip`) or is gone (a write after its end): the reason goes with the
  // commands it fails.
  child.on('error', (error) => (stderr += error.message));
  child.stdin.on('error', (error) => (stderr += error.message));
  let hasExited = false;
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as ClientAnswer;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if ('error' in answer) waiting?.reject(new Error(`${network.namespace}: ${answer.error}`));
    else waiting?.resolve(answer.result);
  });
  void exited.then(() => {
    hasExited = true;
    for (const waiting of pending.values()) {
      waiting.reject(new Error(`the client in ${network.namespace} exited:\n${stderr}`));
    }
    pending.clear();
  });
  let lastId = 0;
  const send = <T>(command: ClientCommand) =>
    new Promise<T>((resolve, reject) => {
      if (hasExited) return reject(new Error(`the client in ${network.namespace} has exited:\n${stderr}`));
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
    });
  return {
    network,
    /** A Socket.IO connection of a new device of this network; resolves with its handle for `emit` and `ask`. */
    connect: (baseUrl: string, query: Record<string, string>) => send<number>({ op: 'connect', baseUrl, query }),
    emit: (socket: number, event: string, payload: unknown) => send<AckResult>({ op: 'emit', socket, event, payload }),
    ask: <T>(socket: number, event: string, payload: unknown, reply: string) =>
      send<T>({ op: 'ask', socket, event, payload, reply }),
    get: (url: string) => send<GetAnswer>({ op: 'get', url }),
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
