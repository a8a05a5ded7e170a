import type * as OsModule from 'node:os';
import type { Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

// This machine's interfaces, as the server reads them: a home network's address beside loopback and a container bridge.
vi.mock('node:os', async (importOriginal) => {
  const os = await importOriginal<typeof OsModule>();
  const entry = (address: string, internal: boolean) => ({
    address,
    netmask: '255.255.255.0',
    family: 'IPv4' as const,
    mac: '00:00:00:00:00:00',
    internal,
    cidr: `${address}/24`,
  });
  const networkInterfaces = () => ({
    lo: [entry('127.0.0.1', true)],
    docker0: [entry('172.17.0.1', false)],
    wlan0: [entry('192.168.1.20', false)],
  });
  return { ...os, default: { ...os, networkInterfaces }, networkInterfaces };
});

describe('clipsync share signed in to localhost, on a server without PUBLIC_URL', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness({ PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: '3000' });
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  test('prints and QR-encodes the link at the network address the web’s share dialog uses, and says so', async () => {
    const id = (await h.testApp.as(user).post('/api/clipboard', { content: 'to a phone' })).json<Clip>().id;
    const localhostServer = h.server.replace('127.0.0.1', 'localhost');
    const result = await h.cli(['share', id], {
      env: { ...env, CLIPSYNC_URL: localhostServer },
      stdoutIsTTY: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(`http://192.168.1.20:3000/clips/${id}`);
    expect(result.stdout).toMatch(/[▀▄█]/);
    expect(result.stderr).toContain(
      "This link uses your computer's network address (192.168.1.20) so phones and other devices on the same network can open it.",
    );
    const asJson = await h.cli(['share', id, '--json'], { env });
    expect(JSON.parse(asJson.stdout)).toMatchObject({ id, url: `http://192.168.1.20:3000/clips/${id}` });
  });
});
