import { describe, expect, test } from 'vitest';
import type { ReceivedSend } from '../watch/device-sends';
import { appleScriptString, notifierCommand, powerShellString, toastScript } from './desktop-notifier';
import { notificationOf, preview } from './notification-text';

const send = (overrides: Partial<ReceivedSend>): ReceivedSend => ({
  event: 'send-received',
  id: 's1',
  from: 'Laptop',
  action: 'shown',
  text: null,
  clipId: null,
  files: [],
  ...overrides,
});

describe('what a notification says', () => {
  test('who sent what kind, never the text by default: a notification shows on a locked screen', () => {
    expect(notificationOf(send({ text: 'my password: hunter2', action: 'clipboard' }))).toEqual({
      title: 'Text from Laptop (in the clipboard)',
      body: '20 characters',
    });
    expect(notificationOf(send({ text: '\u{1F511}' })).body).toBe('1 character');
  });

  test('with the text chosen (--show-text): a short preview on one line', () => {
    expect(notificationOf(send({ text: 'line one\nline two', action: 'clipboard' }), true)).toEqual({
      title: 'Text from Laptop (in the clipboard)',
      body: 'line one line two',
    });
    const long = notificationOf(send({ text: 'x'.repeat(500) }), true).body;
    expect([...long]).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
    expect(notificationOf(send({ clipId: 'c1', files: ['a', 'b'] }))).toEqual({
      title: 'Files from Laptop',
      body: '2 files',
    });
  });

  test('no control or reordering character reaches it, from the text or the device name', () => {
    expect(preview('a\u001b[31mb\u202ec\r\nd')).toBe('a [31mb c d');
    expect(notificationOf(send({ from: 'Evil\u202eName', text: 'x' })).title).toBe('Text from Evil Name');
  });
});

describe('the notifier of each system, given its text as arguments', () => {
  const note = { title: 'Text from "Ann\'s" Mac', body: 'it\'s a "quote"\nand \\ a line' };

  test('Linux: notify-send, options ended before the texts, the body markup-escaped', () => {
    expect(notifierCommand('linux', { title: '-t 0', body: '<b>&</b>' })).toEqual({
      command: 'notify-send',
      args: ['--app-name=ClipSync', '--', '-t 0', '&lt;b&gt;&amp;&lt;/b&gt;'],
    });
  });

  test('macOS: osascript with AppleScript string literals, quotes and backslashes escaped, line breaks gone', () => {
    expect(appleScriptString('say "hi" \\ there\nnext')).toBe('"say \\"hi\\" \\\\ there next"');
    const { command, args } = notifierCommand('darwin', note);
    expect(command).toBe('osascript');
    expect(args).toEqual([
      '-e',
      'display notification "it\'s a \\"quote\\" and \\\\ a line" with title "Text from \\"Ann\'s\\" Mac"',
    ]);
  });

  test('Windows: a toast script with PowerShell single-quoted strings, given encoded (no command-line quoting)', () => {
    expect(powerShellString("it's \u2019curly\u2019\nnext $env:PATH")).toBe(
      "'it''s \u2019\u2019curly\u2019\u2019 next $env:PATH'",
    );
    const { command, args } = notifierCommand('win32', note);
    expect(command).toBe('powershell.exe');
    expect(args.slice(0, -1)).toEqual(['-NoProfile', '-NonInteractive', '-WindowStyle', 'Hidden', '-EncodedCommand']);
    const script = Buffer.from(args.at(-1)!, 'base64').toString('utf16le');
    expect(script).toBe(toastScript(note));
    expect(script).toContain(`CreateTextNode('Text from "Ann''s" Mac')`);
    expect(script).toContain(`CreateTextNode('it''s a "quote" and \\ a line')`);
  });
});
