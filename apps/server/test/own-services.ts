import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A port nothing listens on now: the system picks one, and it is handed back at once. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server the test may stop and start again, which the suite's shared services must never be. */
export interface OwnService {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** Debian's PostgreSQL binaries (CI installs them; scripts/test-services.sh uses the same). */
function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return join('/usr/lib/postgresql', versions.at(-1) ?? '', 'bin');
}

/** initdb refuses to run as root: as root, PostgreSQL runs as its own user, as in test-services.sh. */
const asPostgres = (command: string) =>
  process.getuid?.() === 0 ? run('su', ['postgres', '-s', '/bin/bash', '-c', command]) : run('bash', ['-c', command]);

/** A PostgreSQL server of the test's own: a fresh cluster in a temporary folder, on a free port. */
export async function startOwnPostgres(): Promise<OwnService> {
  const dir = await mkdtemp(join(tmpdir(), 'clipsync-own-pg-'));
  await chmod(dir, 0o777);
  const bin = postgresBin();
  const port = await freePort();
  await asPostgres(`${bin}/initdb -D ${dir}/pg -U postgres --auth=trust > ${dir}/initdb.log 2>&1`);
  const start = async () => {
    await asPostgres(`${bin}/pg_ctl -D ${dir}/pg -o '-p ${port} -h 127.0.0.1 -k ${dir}' -l ${dir}/pg.log -w start`);
  };
  const stop = async () => {
    await asPostgres(`${bin}/pg_ctl -D ${dir}/pg -m fast -w stop`);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis of the test's own, in the foreground as a child process: stopping it is ending the process. */
export async function startOwnRedis(): Promise<OwnService> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child?.once('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
    });
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, destroy: stop };
}
