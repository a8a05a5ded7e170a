import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, type Clip } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { COMMANDS } from '../src/main';
import { startCliHarness, type CliHarness } from './harness';

describe('clipsync push, pull, ls, share and rm against a real server', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
  });
  afterAll(() => h.close());

  const clipIdOf = (link: string) => /\/clips\/([A-Za-z0-9_-]{22})$/.exec(link.trim())?.[1];
  const clipOnServer = async (id: string) => (await h.testApp.as(user).get(`/api/clipboard/${id}`)).json<Clip>();
  const fileIn = async (name: string, content: string | Buffer) => {
    const path = join(h.home, name);
    await writeFile(path, content);
    return path;
  };

  test('push --text prints the clip’s web link, and the clip holds the text', async () => {
    const result = await h.cli(['push', '--text', 'hello from the terminal'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${h.server}/clips/[A-Za-z0-9_-]{22}\\n$`));
    expect((await clipOnServer(clipIdOf(result.stdout)!)).content).toBe('hello from the terminal');
  });

  test.each([
    ['non-ASCII text without a trailing newline', 'Grüße, 東京 🚀 — ok'],
    ['text ending in CRLF and blank lines', 'line one\r\nline two\r\n\n\n'],
    ['text that starts and ends with spaces', '  indented\ttab  '],
  ])('stdin into push, then pull, is byte for byte: %s', async (_name, text) => {
    const pushed = await h.cli(['push'], { env, stdin: Buffer.from(text, 'utf8') });
    expect(pushed.code, pushed.stderr).toBe(0);
    const id = clipIdOf(pushed.stdout)!;
    expect((await clipOnServer(id)).content).toBe(text);

    const latest = await h.cli(['pull'], { env });
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.stdoutBytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    const byId = await h.cli(['pull', id], { env });
    expect(byId.stdoutBytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  test('stdin that is not UTF-8 is refused rather than stored changed', async () => {
    const result = await h.cli(['push'], { env, stdin: Buffer.from([0x66, 0xff, 0xfe, 0x6f]) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not UTF-8');
  });

  test('push with files attaches them (streamed, progress on a terminal); pull --files gets the same bytes', async () => {
    const binary = randomBytes(300_000);
    const photo = await fileIn('photo.png', binary);
    const notes = await fileIn('notizen-ü.txt', 'notes\n');
    const pushed = await h.cli(['push', '-t', 'two files', photo, notes], { env, stderrIsTTY: true });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stderr).toContain('Uploading photo.png: 100%');
    const clip = await clipOnServer(clipIdOf(pushed.stdout)!);
    expect(clip.files.map((file) => [file.name, file.size, file.type])).toEqual([
      ['photo.png', binary.length, 'image/png'],
      ['notizen-ü.txt', 6, 'text/plain'],
    ]);

    const out = join(h.home, 'downloads');
    const pulled = await h.cli(['pull', clip.id, '--files', out], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toBe('two files');
    expect((await readFile(join(out, 'photo.png'))).equals(binary)).toBe(true);
    expect(await readFile(join(out, 'notizen-ü.txt'), 'utf8')).toBe('notes\n');

    // Again into the same folder: nothing is overwritten, the copies take free names beside.
    await writeFile(join(out, 'photo.png'), 'mine, keep it');
    const again = await h.cli(['pull', clip.id, '--files', out], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(await readFile(join(out, 'photo.png'), 'utf8')).toBe('mine, keep it');
    expect((await readFile(join(out, 'photo (1).png'))).equals(binary)).toBe(true);
    expect(again.stderr).toContain('photo.png exists');
    expect((await readdir(out)).sort()).toEqual(['notizen-ü (1).txt', 'notizen-ü.txt', 'photo (1).png', 'photo.png']);

    const quiet = await h.cli(['push', '-t', 'no terminal', photo], { env });
    expect(quiet.stderr).not.toContain('Uploading');
  });

  test('pull of someone else’s clip with a view limit says it is protected and spends no view', async () => {
    const owner = await h.testApp.factory.user();
    const created = await h.testApp.as(owner).post('/api/clipboard', { content: 'for one pair of eyes' });
    const clipId = created.json<Clip>().id;
    const shared = await h.testApp.as(owner).put(`/api/clipboard/${clipId}/share`, { maxViews: 1 });
    expect(shared.statusCode, shared.body).toBe(200);

    const pulled = await h.cli(['pull', clipId], { env });
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toContain('protected by a view limit or a password');
    expect(pulled.stdout).toBe('');
    const after = await h.testApp.as(owner).get(`/api/clipboard/${clipId}`);
    expect(after.json<Clip>().share?.viewsLeft).toBe(1);
  });

  test('pull --files never writes outside the folder, whatever the stored name says', async () => {
    const created = await h.testApp.as(user).post('/api/clipboard', { content: 'odd names' });
    const clipId = created.json<Clip>().id;
    // The server keeps `..` as `file` (a dot segment would break its download link); the CLI's own guard
    // against names that leave the folder is unit-tested in src/downloads.test.ts.
    const upload = await h.testApp.as(user).inject('PUT', `/api/clipboard/${clipId}/files`, 'dot-dot bytes', {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent('..'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const parent = join(h.home, 'jail');
    const out = join(parent, 'inside');
    await mkdir(out, { recursive: true });
    const pulled = await h.cli(['pull', clipId, '--files', out], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await readdir(parent)).toEqual(['inside']);
    expect(await readFile(join(out, 'file'), 'utf8')).toBe('dot-dot bytes');
  });

  test('a file over the 10 MB rule is refused with exit 5 before any clip is made, its size not read as the limit', async () => {
    const big = join(h.home, 'big.bin');
    await writeFile(big, '');
    await truncate(big, 11_000_000);
    const before = (await h.testApp.as(user).get('/api/clipboard/history')).headers['x-total-count'];
    const result = await h.cli(['push', '-t', 'with a big file', big], { env });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(
      /big\.bin is 10\.5 MB \(11,000,000 bytes\): files may be at most 10 MB \(10,485,760 bytes\)\n$/,
    );
    await truncate(big, MAX_UPLOAD_BYTES + 1);
    const justOver = await h.cli(['push', big], { env });
    expect(justOver.stderr).toContain('big.bin is 10.0 MB (10,485,761 bytes)');
    expect((await h.testApp.as(user).get('/api/clipboard/history')).headers['x-total-count']).toBe(before);
    const asJson = await h.cli(['push', big, '--json'], { env });
    expect(JSON.parse(asJson.stderr)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  test('text over the server’s body limit: the server’s 413 is exit 5', async () => {
    const result = await h.cli(['push'], { env, stdin: 'x'.repeat(MAX_UPLOAD_BYTES + 1) });
    expect(result.code, result.stderr).toBe(5);
  });

  test('ls shows id, when, first line and files; --search narrows; --json is the server’s clips', async () => {
    const lister = await h.testApp.factory.user();
    const listerEnv = await h.envOf(lister);
    await h.cli(['push', '-t', 'first clip\nsecond line'], { env: listerEnv });
    await h.cli(['push', '-t', 'shopping: apples', await fileIn('list.txt', 'apples')], { env: listerEnv });
    const table = await h.cli(['ls'], { env: listerEnv });
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+WHEN\s+TEXT\s+FILES$/);
    expect(lines[1]).toMatch(/^[A-Za-z0-9_-]{22}\s+just now\s+shopping: apples\s+list\.txt$/);
    expect(lines[2]).toMatch(/^[A-Za-z0-9_-]{22}\s+just now\s+first clip$/);

    const found = await h.cli(['ls', '--search', 'apples', '--json'], { env: listerEnv });
    const { clips, total, totalCapped } = JSON.parse(found.stdout) as {
      clips: Clip[];
      total: number;
      totalCapped: boolean;
    };
    expect(total).toBe(1);
    expect(totalCapped).toBe(false);
    expect(clips.map((clip) => clip.content)).toEqual(['shopping: apples']);

    // A text or a name holding a terminal escape is listed without it (pull still gives the text byte for byte).
    const escaped = await h.testApp.as(lister).post('/api/clipboard', { content: 'red \u001b[31malert' });
    const escapedId = escaped.json<Clip>().id;
    await h.testApp.factory.file({ owner: lister, clipId: escapedId, name: 'bell\u0007.txt' });
    const listed = await h.cli(['ls', '-n', '1'], { env: listerEnv });
    expect(listed.stdout).not.toMatch(/\p{Cc}(?<!\n)/u);
    expect(listed.stdout).toContain(`${escapedId}  just now  red \uFFFD[31malert  bell\uFFFD.txt`);
    const pulled = await h.cli(['pull', escapedId], { env: listerEnv });
    expect(pulled.stdout).toBe('red \u001b[31malert');
    await h.testApp.as(lister).delete(`/api/clipboard/${escapedId}`);

    const one = await h.cli(['ls', '-n', '1'], { env: listerEnv });
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(one.stderr).toContain('1 of 2 clips shown');
    expect((await h.cli(['ls', '--limit', '0'], { env: listerEnv })).code).toBe(2);
  });

  test('share prints the link, and a QR code at a terminal only; rm deletes; an unknown clip is one line, or the server’s JSON', async () => {
    const pushed = await h.cli(['push', '-t', 'to share'], { env });
    const id = clipIdOf(pushed.stdout)!;
    const shared = await h.cli(['share', id], { env, stdoutIsTTY: true });
    expect(shared.code, shared.stderr).toBe(0);
    expect(shared.stdout.split('\n')[0]).toBe(`${h.server}/clips/${id}`);
    expect(shared.stdout).toMatch(/[▀▄█]/);
    expect(shared.stdout.endsWith('\n')).toBe(true);
    // Into a pipe (`clipsync share ID | xclip`, `$(clipsync share ID)`): the link alone, no colour escapes.
    const piped = await h.cli(['share', id], { env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`${h.server}/clips/${id}\n`);
    expect(JSON.parse((await h.cli(['share', id, '--json'], { env })).stdout)).toEqual({
      id,
      url: `${h.server}/clips/${id}`,
      share: {
        linkId: id,
        expiresAt: null,
        maxViews: null,
        viewsLeft: null,
        hasPassword: false,
        deleteAfter: false,
        state: null,
        endedAt: null,
        expirySetAt: null,
      },
    });

    const removed = await h.cli(['rm', id], { env });
    expect(removed.code, removed.stderr).toBe(0);
    expect((await h.testApp.as(user).get(`/api/clipboard/${id}`)).statusCode).toBe(404);

    const missing = await h.cli(['pull', id], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    const missingJson = await h.cli(['share', id, '--json'], { env });
    expect(missingJson.code).toBe(1);
    expect(JSON.parse(missingJson.stderr)).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  test('a token without the scope is refused in one line naming it', async () => {
    const readOnly = await h.envOf(user, ['clips:read']);
    const result = await h.cli(['push', '-t', 'nope'], { env: readOnly });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('clips:write');
  });

  test('nothing to push, a bad flag or a missing argument is a usage error (exit 2)', async () => {
    expect((await h.cli(['push'], { env })).code).toBe(2);
    expect((await h.cli(['push', '--colour'], { env })).code).toBe(2);
    expect((await h.cli(['rm'], { env })).code).toBe(2);
    const typo = await h.cli(['share', 'not-an-id'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Not a clip id: not-an-id');
    expect((await h.cli(['frobnicate'], { env })).code).toBe(2);
    expect((await h.cli(['push', join(h.home, 'no-such-file')], { env })).stderr).toContain('No such file');
  });

  test.each(Object.keys(COMMANDS))('%s --help prints its usage and exits 0', async (name) => {
    const result = await h.cli([name, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: clipsync ${name}`);
  });

  test.each(Object.keys(COMMANDS))(
    '%s --help starts every option’s words in one column, --json and -h too',
    async (name) => {
      const { stdout } = await h.cli([name, '--help']);
      const rows = stdout.slice(stdout.indexOf('\nOptions:\n')).split('\n').slice(2);
      const columns = rows
        .filter((row) => /^ {2}-/.test(row))
        .map((row) => /^ {2}\S.*?\s{2,}(?=\S)/.exec(row)?.[0].length);
      expect(rows.filter((row) => /^ {2}-/.test(row)).length).toBeGreaterThanOrEqual(2);
      expect(new Set(columns), rows.join('\n')).toEqual(new Set([19]));
    },
  );

  test('a usage error points at the help once', async () => {
    const unknown = await h.cli(['frobnicate'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('clipsync: Unknown command: frobnicate\nSee clipsync --help\n');
    const badFlag = await h.cli(['push', '--colour'], { env });
    expect(badFlag.stderr.match(/See clipsync --help/g)).toHaveLength(1);
  });

  test('clipsync --help lists every command', async () => {
    const result = await h.cli(['--help']);
    expect(result.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(result.stdout).toContain(`  ${name} `);
  });
});
