import type { Clip, ProtectedClipCard } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runShareExpiry, type TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

describe('clipsync share --expires --views --password --stop against a real server', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  const linkIdOf = (output: string) => /\/clips\/([A-Za-z0-9_-]{22})\n/.exec(output)?.[1];
  const newClip = async (content = 'a secret') => {
    const created = await h.testApp.as(user).post('/api/clipboard', { content });
    return created.json<Clip>().id;
  };
  const ownersView = async (id: string) => (await h.testApp.as(user).get(`/api/clipboard/${id}`)).json<Clip>();
  const cardOf = async (linkId: string) =>
    (await h.testApp.as(null).get(`/api/clipboard/${linkId}`)).json<ProtectedClipCard>();
  const open = (linkId: string, password?: string) =>
    h.testApp.as(null).post(`/api/clipboard/${linkId}/open`, password === undefined ? {} : { password });

  test('--views 1 and a password piped on stdin: the link is the share’s, asks for it, and burns after one view', async () => {
    const id = await newClip();
    const result = await h.cli(['share', id, '--views', '1', '--password', '--no-qr'], {
      env,
      stdin: 'correct horse\n',
    });
    expect(result.code, result.stderr).toBe(0);
    const linkId = linkIdOf(result.stdout)!;
    expect(result.stdout).toBe(`${h.server}/clips/${linkId}\n`);
    expect(linkId).toBe((await ownersView(id)).share?.linkId);
    expect(await cardOf(linkId)).toMatchObject({ protected: true, viewsLeft: 1, hasPassword: true });

    expect((await open(linkId, 'wrong')).statusCode).toBe(403);
    const opened = await open(linkId, 'correct horse');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<{ clip: Clip }>().clip.content).toBe('a secret');
    expect((await open(linkId, 'correct horse')).statusCode).toBe(404);
  });

  test('--password at a terminal is asked without echo; the prompt goes to stderr and the password nowhere', async () => {
    const id = await newClip();
    const result = await h.cli(['share', id, '--password', '--json'], { env, typed: 'sesamx\u007fe\r' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('Password for the link: \n');
    expect(result.stdout).not.toContain('sesame');
    const { url } = JSON.parse(result.stdout) as { url: string };
    const linkId = url.split('/').pop()!;
    expect((await open(linkId, 'sesamx')).statusCode).toBe(403);
    expect((await open(linkId, 'sesame')).statusCode).toBe(200);
  });

  test('--password=VALUE is taken as written; --no-password and --views unlimited clear; --expires sets the expiry', async () => {
    const id = await newClip();
    expect((await h.cli(['share', id, '--password=plain', '--views', '5', '--no-qr'], { env })).code).toBe(0);
    expect((await ownersView(id)).share).toMatchObject({ hasPassword: true, maxViews: 5 });

    const before = Date.now();
    const changed = await h.cli(['share', id, '--no-password', '--views', 'unlimited', '--expires', '1h', '--no-qr'], {
      env,
    });
    expect(changed.code, changed.stderr).toBe(0);
    const share = (await ownersView(id)).share!;
    expect(share).toMatchObject({ hasPassword: false, maxViews: null });
    const expiresIn = Date.parse(share.expiresAt!) - before;
    expect(expiresIn).toBeGreaterThan(3_600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(3_600_000 + 60_000);
    // Expiry alone keeps the content readable to others until then: no card.
    const read = await h.testApp.as(null).get(`/api/clipboard/${share.linkId}`);
    expect(read.json<Clip>().content).toBe('a secret');
  });

  test('--stop ends the link at once; sharing again prints a new link', async () => {
    const id = await newClip();
    const first = linkIdOf((await h.cli(['share', id, '--views', '3', '--no-qr'], { env })).stdout)!;
    const stopped = await h.cli(['share', id, '--stop'], { env });
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toBe('');
    expect(stopped.stderr).toContain('Sharing stopped');
    expect((await h.testApp.as(null).get(`/api/clipboard/${first}`)).statusCode).toBe(404);

    const plain = await h.cli(['share', id, '--no-qr'], { env });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('not shared');
    const again = await h.cli(['share', id, '--views', '3'], { env, stdoutIsTTY: true });
    expect(again.code, again.stderr).toBe(0);
    expect(linkIdOf(again.stdout)).not.toBe(first);
    expect(again.stdout).toMatch(/[▀▄█]/);
  });

  test('a link that expired is not printed: the clip, kept, needs a new one', async () => {
    const id = await newClip('kept after its link');
    expect((await h.cli(['share', id, '--expires', '1h', '--no-qr'], { env })).code).toBe(0);
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    await runShareExpiry(h.testApp, inTwoHours);

    const ended = await h.cli(['share', id, '--no-qr'], { env });
    expect(ended.code).toBe(1);
    expect(ended.stdout).toBe('');
    expect(ended.stderr).toContain('not shared');
    expect((await ownersView(id)).content).toBe('kept after its link');
  });

  test('it confirms what it set (expiry, views left, a password: never the password) on stderr, and --json is the whole share', async () => {
    const id = await newClip();
    const result = await h.cli(
      ['share', id, '--views', '3', '--expires', '1d', '--password=tr0ub4dor-and-3', '--no-qr'],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    const { expiresAt, linkId } = (await ownersView(id)).share!;
    const when = `${expiresAt!.slice(0, 10)} ${expiresAt!.slice(11, 16)} UTC`;
    expect(result.stderr).toContain(
      `Link settings: expires ${when} · 3 of 3 views left · needs a password · the clip stays when the link ends.\n`,
    );
    expect(result.stdout + result.stderr).not.toContain('tr0ub4dor');

    const asJson = await h.cli(['share', id, '--json'], { env });
    expect(asJson.stderr).toBe('');
    expect(JSON.parse(asJson.stdout)).toEqual({
      id,
      url: `${h.server}/clips/${linkId}`,
      share: {
        linkId,
        expiresAt,
        maxViews: 3,
        viewsLeft: 3,
        hasPassword: true,
        deleteAfter: false,
        state: null,
        endedAt: null,
        expirySetAt: expect.any(String),
      },
    });

    const plain = await h.cli(['share', await newClip(), '--no-qr'], { env });
    expect(plain.stderr).toContain(
      'Link settings: never expires · unlimited views · no password · the clip stays when the link ends.\n',
    );
  });

  test('signed in to localhost on a server that names no network address (PUBLIC_URL set), it says a phone cannot open the link', async () => {
    const id = await newClip();
    const result = await h.cli(['share', id], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(`${h.server}/clips/${id}`);
    expect(result.stderr).toContain('This link names this computer only (localhost), which a phone cannot open');
  });

  test('values it does not take are usage errors (exit 2), and --help says to keep passwords off the command line', async () => {
    const id = await newClip();
    for (const args of [
      ['--expires', '2h'],
      ['--views', '0'],
      ['--views', '101'],
      ['--stop', '--views', '1'],
      ['--password', '--no-password'],
      ['--password', 'visible-secret'],
    ]) {
      const result = await h.cli(['share', id, ...args], { env, stdin: 'x\n' });
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect((await ownersView(id)).share).toBeUndefined();
    const help = await h.cli(['share', '--help']);
    expect(help.stdout).toContain('ps, shell history');
  });
});
