import { describe, expect, test } from 'vitest';
import { contentKey, isPng } from './content';
import { MACOS_TOOL_ENV } from './macos';
import { encodePowerShell, followScript, powershellArgs, WRITE_SCRIPT } from './windows';
import { typeToRead, wlArgs } from './wayland';
import { targetToRead, xclipArgs } from './x11';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

// Only X11 runs in these tests (under Xvfb, test/watch.test.ts); the other backends are checked here by
// the command lines and choices they make.
describe('clipboard command lines', () => {
  test('xclip reads and writes the CLIPBOARD selection, text as UTF8_STRING and images as image/png', () => {
    expect(xclipArgs.read('TARGETS')).toEqual(['-selection', 'clipboard', '-o', '-t', 'TARGETS']);
    expect(xclipArgs.write({ kind: 'text', text: 'x' })).toEqual([
      '-selection',
      'clipboard',
      '-i',
      '-t',
      'UTF8_STRING',
    ]);
    expect(xclipArgs.write({ kind: 'image', png: PNG })).toEqual(['-selection', 'clipboard', '-i', '-t', 'image/png']);
  });

  test('from what the owner offers, text is read before an image, and anything else is left alone', () => {
    expect(targetToRead(['TARGETS', 'image/png', 'UTF8_STRING'])).toBe('UTF8_STRING');
    expect(targetToRead(['TARGETS', 'STRING', 'TEXT'])).toBe('STRING');
    expect(targetToRead(['TARGETS', 'text/html', 'image/png'])).toBe('image/png');
    expect(targetToRead(['TARGETS', 'text/uri-list'])).toBeNull();
    expect(typeToRead(['text/html', 'text/plain;charset=utf-8', 'image/png'])).toBe('text/plain;charset=utf-8');
    expect(typeToRead(['image/png', 'image/bmp'])).toBe('image/png');
    expect(typeToRead(['application/x-kde-cutselection'])).toBeNull();
  });

  test('wl-paste is watched, never polled, and text is read without an added newline', () => {
    expect(wlArgs.watch).toEqual(['--watch', 'sh', '-c', 'cat >/dev/null; echo']);
    expect(wlArgs.read('text/plain')).toEqual(['--no-newline', '--type', 'text/plain']);
    expect(wlArgs.read('image/png')).toEqual(['--type', 'image/png']);
    expect(wlArgs.write({ kind: 'text', text: 'x' })).toEqual(['--type', 'text/plain;charset=utf-8']);
  });

  test('pbcopy and pbpaste run in a UTF-8 locale', () => {
    expect(MACOS_TOOL_ENV).toEqual({ LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' });
  });

  test("PowerShell's scripts go as -EncodedCommand (UTF-16LE base64) and carry text as base64 of UTF-8", () => {
    const [noProfile, nonInteractive, flag, encoded] = powershellArgs.follow(250);
    expect([noProfile, nonInteractive, flag]).toEqual(['-NoProfile', '-NonInteractive', '-EncodedCommand']);
    const script = Buffer.from(encoded!, 'base64').toString('utf16le');
    expect(script).toBe(followScript(250));
    expect(script).toContain('Get-Clipboard -Raw');
    expect(script).toContain('Start-Sleep -Milliseconds 250');
    expect(script).toContain('[Text.Encoding]::UTF8.GetBytes($text)');
    expect(powershellArgs.write.at(-1)).toBe(encodePowerShell(WRITE_SCRIPT));
    expect(WRITE_SCRIPT).toContain('Set-Clipboard');
  });
});

describe('clipboard contents', () => {
  test('a PNG is known by its signature', () => {
    expect(isPng(PNG)).toBe(true);
    expect(isPng(Buffer.from('\x89PNG but text'))).toBe(false);
    expect(isPng(Buffer.from('hello'))).toBe(false);
  });

  test('a content key tells text from an image of the same bytes, and equal contents alike', () => {
    expect(contentKey({ kind: 'text', text: 'héllo' })).toBe(contentKey({ kind: 'text', text: 'héllo' }));
    expect(contentKey({ kind: 'text', text: 'a' })).not.toBe(contentKey({ kind: 'text', text: 'b' }));
    expect(contentKey({ kind: 'image', png: Buffer.from('a') })).not.toBe(contentKey({ kind: 'text', text: 'a' }));
  });
});
