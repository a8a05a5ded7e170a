import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Desktop, DesktopItem } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

describe('clipsync desktop push and ls against a real server', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  const desktopOnServer = async () => (await h.testApp.as(user).get('/api/virtual-desktop')).json<Desktop>();
  const overlap = (a: DesktopItem, b: DesktopItem) =>
    a.position.x < b.position.x + b.size.width &&
    b.position.x < a.position.x + a.size.width &&
    a.position.y < b.position.y + b.size.height &&
    b.position.y < a.position.y + a.size.height;

  test('push adds a text block and a file block to the personal desktop, none over another; ls lists them', async () => {
    const file = join(h.home, 'slides.pdf');
    await writeFile(file, Buffer.alloc(2048, 1));
    const pushed = await h.cli(['desktop', 'push', '--text', 'agenda\nitem two', file], { env });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/^Added "agenda" \(/);
    expect(pushed.stdout).toContain('Added slides.pdf (2 KB)');
    expect(pushed.stderr).toContain(`${h.server}/desktop`);
    const second = await h.cli(['desktop', 'push'], { env, stdin: 'from stdin' });
    expect(second.code, second.stderr).toBe(0);

    const { kind, items } = await desktopOnServer();
    expect(kind).toBe('personal');
    expect(items.map((item) => item.content || item.file_name).sort()).toEqual([
      'agenda\nitem two',
      'from stdin',
      'slides.pdf',
    ]);
    for (const a of items) for (const b of items) if (a !== b) expect(overlap(a, b)).toBe(false);

    const listed = await h.cli(['desktop', 'ls'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(listed.stdout).toMatch(/text\s+just now\s+"agenda"/);
    expect(listed.stdout).toMatch(/file\s+just now\s+slides\.pdf \(2 KB\)/);

    const asJson = JSON.parse((await h.cli(['desktop', 'ls', '--json'], { env })).stdout) as { items: DesktopItem[] };
    expect(asJson.items.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
  });

  test('a token without the desktop scope is refused; an unknown subcommand is a usage error', async () => {
    const clipsOnly = await h.envOf(user, ['clips:read', 'clips:write']);
    const refused = await h.cli(['desktop', 'ls'], { env: clipsOnly });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('desktop');
    expect((await h.cli(['desktop', 'rename'], { env })).code).toBe(2);
    expect((await h.cli(['desktop'], { env })).code).toBe(2);
  });
});
