import type { Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

describe('clipsync share --delete-after against a real server', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  const newClip = async () => (await h.testApp.as(user).post('/api/clipboard', { content: 'mine' })).json<Clip>().id;
  const shareOf = async (id: string) => (await h.testApp.as(user).get(`/api/clipboard/${id}`)).json<Clip>().share;

  test('a link set with --expires keeps the clip; --delete-after asks for it to go with the link, --no-delete-after undoes that', async () => {
    const id = await newClip();
    expect((await h.cli(['share', id, '--expires', '1h', '--no-qr'], { env })).code).toBe(0);
    expect(await shareOf(id)).toMatchObject({ deleteAfter: false });

    const set = await h.cli(['share', id, '--delete-after', '--no-qr'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(await shareOf(id)).toMatchObject({ deleteAfter: true, expiresAt: expect.any(String) });

    expect((await h.cli(['share', id, '--no-delete-after', '--no-qr'], { env })).code).toBe(0);
    expect(await shareOf(id)).toMatchObject({ deleteAfter: false });
  });

  test('--delete-after with --no-delete-after or --stop is a usage error; --help says the clip stays unless --delete-after', async () => {
    const id = await newClip();
    for (const args of [
      ['--delete-after', '--no-delete-after'],
      ['--stop', '--delete-after'],
    ]) {
      expect((await h.cli(['share', id, ...args], { env })).code, args.join(' ')).toBe(2);
    }
    const help = (await h.cli(['share', '--help'])).stdout;
    expect(help).toContain('the clip stays\n                   unless --delete-after');
    expect(help).toMatch(/--delete-after +delete the clip \(its text and files\) when the link ends/);
    expect(help).not.toContain('then it is deleted');
  });
});
