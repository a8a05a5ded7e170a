import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { detectBackend, isOnPath } from './detect';

const having =
  (...tools: string[]) =>
  (command: string) =>
    tools.includes(command);

describe('which clipboard watch follows', () => {
  test.each([
    [
      'Wayland with wl-clipboard',
      'linux',
      { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' },
      ['wl-paste', 'wl-copy', 'xclip'],
      'wayland',
    ],
    [
      'Wayland without wl-clipboard falls back to XWayland',
      'linux',
      { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' },
      ['xclip'],
      'x11',
    ],
    ['X11 with xclip', 'linux', { DISPLAY: ':91' }, ['xclip', 'wl-paste', 'wl-copy'], 'x11'],
    ['X11 on a BSD', 'freebsd', { DISPLAY: ':0' }, ['xclip'], 'x11'],
    ['macOS', 'darwin', {}, ['pbpaste', 'pbcopy'], 'macos'],
    ['Windows PowerShell', 'win32', {}, ['powershell.exe'], 'windows'],
    ['PowerShell 7 alone', 'win32', {}, ['pwsh.exe'], 'windows'],
  ] as const)('%s', (_name, platform, env, tools, kind) => {
    expect(detectBackend(platform, env, having(...tools)).kind).toBe(kind);
  });

  test('Windows names the PowerShell it found', () => {
    expect(detectBackend('win32', {}, having('pwsh.exe'))).toEqual({ kind: 'windows', tool: 'pwsh.exe' });
  });

  test.each([
    [
      'Wayland without wl-clipboard or X11',
      'linux',
      { WAYLAND_DISPLAY: 'wayland-0' },
      [],
      /needs wl-clipboard, install it \(Debian\/Ubuntu: sudo apt install wl-clipboard;/,
    ],
    [
      'X11 without xclip',
      'linux',
      { DISPLAY: ':0' },
      ['wl-paste'],
      /needs xclip, install it \(Debian\/Ubuntu: sudo apt install xclip; Fedora: sudo dnf install xclip/,
    ],
    [
      'no graphical session',
      'linux',
      {},
      ['xclip'],
      /neither WAYLAND_DISPLAY nor DISPLAY.*apt install wl-clipboard xclip/,
    ],
    ['macOS without pbpaste', 'darwin', {}, [], /pbpaste and pbcopy/],
    ['Windows without PowerShell', 'win32', {}, [], /winget install Microsoft\.PowerShell/],
  ] as const)('%s: says what to install', (_name, platform, env, tools, advice) => {
    const detection = detectBackend(platform, env, having(...tools));
    expect(detection.kind).toBe('none');
    expect(detection.kind === 'none' && detection.advice).toMatch(advice);
  });
});

describe('finding a tool on PATH', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'clipsync-path-'));
    await writeFile(join(folder, 'xclip'), '#!/bin/sh\n');
    await chmod(join(folder, 'xclip'), 0o755);
    await writeFile(join(folder, 'wl-paste'), 'not executable');
    await writeFile(join(folder, 'powershell.exe'), '');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  test('an executable file counts, a file without the execute bit or a missing one does not', () => {
    const env = { PATH: `/nonexistent:${folder}` };
    expect(isOnPath('xclip', env, 'linux')).toBe(true);
    expect(isOnPath('wl-paste', env, 'linux')).toBe(false);
    expect(isOnPath('wl-copy', env, 'linux')).toBe(false);
    expect(isOnPath('xclip', {}, 'linux')).toBe(false);
  });

  test("Windows looks for the name with PATHEXT's endings in Path", () => {
    expect(isOnPath('powershell', { Path: folder, PATHEXT: '.COM;.EXE' }, 'win32')).toBe(true);
    expect(isOnPath('powershell.exe', { Path: folder }, 'win32')).toBe(true);
    expect(isOnPath('pwsh.exe', { Path: folder }, 'win32')).toBe(false);
  });
});
