import { FILE_NAME_MAX } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { toStoredFileName, toStoredMimeType } from './upload-metadata';

describe('toStoredFileName', () => {
  test.each([
    ['a short name', 'report (1).pdf', 'report (1).pdf'],
    ['exactly the limit', 'a'.repeat(FILE_NAME_MAX), 'a'.repeat(FILE_NAME_MAX)],
    ['over the limit', 'a'.repeat(FILE_NAME_MAX + 45), 'a'.repeat(FILE_NAME_MAX)],
    ['an emoji that the limit would cut in half', '😀'.repeat(128), '😀'.repeat(127)],
    ['an emoji that ends exactly at the limit', `a${'😀'.repeat(127)}`, `a${'😀'.repeat(127)}`],
    ['255 Cyrillic letters', 'Ж'.repeat(300), 'Ж'.repeat(FILE_NAME_MAX)],
    ['empty', '', 'file'],
    ['a dot segment', '.', 'file'],
    ['a parent segment', '..', 'file'],
    ['three dots, which URLs keep', '...', '...'],
    ['a stray high surrogate', 'a\uD83D.txt', 'a\uFFFD.txt'],
    ['a stray low surrogate', '\uDE00b', '\uFFFDb'],
    ['a line break', 'two\nlines.txt', 'two\uFFFDlines.txt'],
    ['a terminal escape', 'a\u001b[31mred.txt', 'a\uFFFD[31mred.txt'],
    ['a tab and a delete', 'a\tb\u007f.txt', 'a\uFFFDb\uFFFD.txt'],
    ['a C1 control', 'a\u009b2J.txt', 'a\uFFFD2J.txt'],
    // Shown as "invoicehs.pdf" with the override kept, by every client.
    ['a right-to-left override', 'invoice\u202Efdp.sh', 'invoice\uFFFDfdp.sh'],
    ['an isolate and a right-to-left mark', 'a\u2067b\u2069\u200F.txt', 'a\uFFFDb\uFFFD\uFFFD.txt'],
    ['a line separator', 'a\u2028b.txt', 'a\uFFFDb.txt'],
    // Invisible: each name would show exactly as "report.pdf".
    [
      'a zero-width space, a soft hyphen, a byte order mark',
      're\u200Bp\u00ADort\uFEFF.pdf',
      're\uFFFDp\uFFFDort\uFFFD.pdf',
    ],
    ['right-to-left letters stay', 'שלום.txt', 'שלום.txt'],
  ])('%s', (_label, uploaded, stored) => {
    expect(toStoredFileName(uploaded)).toBe(stored);
    expect(() => encodeURIComponent(toStoredFileName(uploaded))).not.toThrow();
  });
});

describe('toStoredMimeType', () => {
  test.each([
    ['text/plain', 'text/plain'],
    ['Image/PNG', 'image/png'],
    ['text/html; charset=utf-8', 'text/html'],
    ['image/svg+xml', 'image/svg+xml'],
    ['application/vnd.ms-excel.sheet.macroEnabled.12', 'application/vnd.ms-excel.sheet.macroenabled.12'],
    ['application/x-7z-compressed', 'application/x-7z-compressed'],
    ['', 'application/octet-stream'],
    ['text', 'application/octet-stream'],
    ['text/', 'application/octet-stream'],
    ['/plain', 'application/octet-stream'],
    ['text/plain/extra', 'application/octet-stream'],
    ['text/plain,text/html', 'application/octet-stream'],
    ['<script>', 'application/octet-stream'],
    ['text /plain', 'application/octet-stream'],
    ['text/pla"in', 'application/octet-stream'],
    ['.text/plain', 'application/octet-stream'],
    ['tèxt/plain', 'application/octet-stream'],
    [`text/${'x'.repeat(126)}`, `text/${'x'.repeat(126)}`],
    [`text/${'x'.repeat(128)}`, 'application/octet-stream'],
    [`${'a'.repeat(127)}/${'b'.repeat(127)}`, `${'a'.repeat(127)}/${'b'.repeat(127)}`],
  ])('%j is stored as %j', (declared, stored) => {
    expect(toStoredMimeType(declared)).toBe(stored);
  });
});
