import { describe, expect, test } from 'vitest';
import { safeFileName } from './downloads';

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
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});
