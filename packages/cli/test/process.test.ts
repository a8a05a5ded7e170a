import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = join(packageRoot, 'bin', 'clipsync.mjs');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real `clipsync` as a process (node bin/clipsync.mjs: the checkout's sources through tsx). */
function clipsync(args: string[], env: Record<string, string>, stdin?: string, entry = bin): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
  });
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the clipsync binary as a process', () => {
  let h: CliHarness;
  let user: TestUser;
  let home: string;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    home = await mkdtemp(join(tmpdir(), 'clipsync-process-'));
  });
  afterAll(async () => {
    await h.close();
    await rm(home, { recursive: true, force: true });
  });
  const baseEnv = () => ({ HOME: home, XDG_CONFIG_HOME: join(home, 'config') });

  test('text piped into push becomes a clip, printed as its link', async () => {
    const env = { ...baseEnv(), ...(await h.envOf(user)) };
    const ran = await clipsync(['push'], env, 'piped from a shell ✓');
    expect(ran.code, ran.stderr).toBe(0);
    const id = /\/clips\/([A-Za-z0-9_-]{22})\n$/.exec(ran.stdout)?.[1];
    expect(id).toBeDefined();
    expect((await h.testApp.as(user).get(`/api/clipboard/${id}`)).json<Clip>().content).toBe('piped from a shell ✓');
  });

  test('a revoked token exits 3', async () => {
    const token = await h.tokenOf(user);
    await h.testApp.as(user).delete(`/api/tokens/${token.id}`);
    const ran = await clipsync(['ls'], { ...baseEnv(), CLIPSYNC_URL: h.server, CLIPSYNC_TOKEN: token.token });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain('clipsync login');
  });

  test('nothing listening exits 4, saying the connection was refused', async () => {
    const server = `http://127.0.0.1:${await closedPort()}`;
    const ran = await clipsync(['ls'], { ...baseEnv(), CLIPSYNC_URL: server, CLIPSYNC_TOKEN: 'csp_whatever' });
    expect(ran.code).toBe(4);
    expect(ran.stderr).toContain(`Cannot reach ${server}: connection refused`);
  });

  test('a bad flag exits 2', async () => {
    const ran = await clipsync(['ls', '--colour'], baseEnv());
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("Unknown option '--colour'");
  });

  test('in a checkout, the bin runs the bundle while no source (its own or @clipsync/shared) is newer, else the sources', async () => {
    // The checkout's layout, with a bundle and sources that say which of them ran.
    const tmp = join(packageRoot, '.tmp');
    const checkout = join(tmp, 'checkout');
    const sharedSource = join(tmp, 'shared', 'src', 'index.ts');
    const bundle = join(checkout, 'dist', 'clipsync.mjs');
    const source = join(checkout, 'src', 'main.ts');
    try {
      for (const folder of ['bin', 'dist', 'src']) await mkdir(join(checkout, folder), { recursive: true });
      await mkdir(join(tmp, 'shared', 'src'), { recursive: true });
      await copyFile(bin, join(checkout, 'bin', 'clipsync.mjs'));
      const saying = (word: string) =>
        `export async function runAsProcess() { process.stdout.write('${word}\\n'); return 0; }\n`;
      await writeFile(bundle, saying('bundle'));
      await writeFile(source, saying('sources'));
      await writeFile(sharedSource, 'export {};\n');
      const at = (path: string, seconds: number) => utimes(path, seconds, seconds);
      const ran = async () =>
        (await clipsync(['--version'], baseEnv(), undefined, join(checkout, 'bin', 'clipsync.mjs'))).stdout;

      for (const path of [source, sharedSource, join(checkout, 'src'), join(tmp, 'shared', 'src')])
        await at(path, 1_000);
      await at(bundle, 2_000);
      expect(await ran()).toBe('bundle\n');
      await at(source, 3_000);
      expect(await ran()).toBe('sources\n');
      await at(bundle, 4_000);
      expect(await ran()).toBe('bundle\n');
      await at(sharedSource, 5_000);
      expect(await ran()).toBe('sources\n');
      await rm(bundle);
      await at(sharedSource, 1_000);
      expect(await ran()).toBe('sources\n');
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  test('the package as npm publishes it (bin + dist, shared and zod bundled in) runs without tsx or sources', async () => {
    // The packed layout: bin/ and dist/ only. The bin runs dist/clipsync.mjs when it is there.
    const packed = join(packageRoot, '.tmp', 'packed');
    const bundle = join(packed, 'dist', 'clipsync.mjs');
    try {
      await promisify(execFile)(process.execPath, [join(packageRoot, 'scripts', 'bundle.mjs'), '--outfile', bundle]);
      await mkdir(join(packed, 'bin'), { recursive: true });
      await copyFile(bin, join(packed, 'bin', 'clipsync.mjs'));
      const text = await readFile(bundle, 'utf8');
      expect(text).not.toMatch(/from ["']@clipsync\/shared["']|from ["']zod["']/);
      // The published dependencies stay outside, loaded only by the commands that use them (start-up time).
      expect(text).toMatch(/import\(["']qrcode["']\)/);
      expect(text).toMatch(/\(["']socket\.io-client["']\)/);
      expect(text).not.toMatch(/from ["'](qrcode|socket\.io-client)["']/);

      const help = await clipsync(['--help'], baseEnv(), undefined, join(packed, 'bin', 'clipsync.mjs'));
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toContain('Usage: clipsync <command>');
      const env = { ...baseEnv(), ...(await h.envOf(user)) };
      const pushed = await clipsync(
        ['push', '-t', 'from the bundle'],
        env,
        undefined,
        join(packed, 'bin', 'clipsync.mjs'),
      );
      expect(pushed.code, pushed.stderr).toBe(0);
    } finally {
      await rm(join(packageRoot, '.tmp'), { recursive: true, force: true });
    }
  });
});
