import { FILE_NAME_MAX } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { contentDisposition } from './content-disposition';

/** RFC 5987 ext-value with the UTF-8 charset and no language, upper-case hex as we write it. */
const EXT_VALUE = /^UTF-8''(%[0-9A-F]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*$/;
const HEADER = /^(inline|attachment); filename="([^"]*)"; filename\*=(\S+)$/;

function parse(header: string): { kind: string; fallback: string; encoded: string } {
  const [, kind = '', fallback = '', encoded = ''] = HEADER.exec(header) ?? [];
  return { kind, fallback, encoded };
}

const NAMES = [
  '"a".txt',
  "it's.txt",
  'report (1).pdf',
  '*',
  '*.*',
  '../../etc/passwd',
  '..\\win.ini',
  'a\r\nSet-Cookie: x=1.txt',
  '\u202Egpj.exe',
  '100%.txt',
  'tab\there;x=1',
  'a'.repeat(FILE_NAME_MAX),
  'Отчёт за квартал.docx',
  '季度报告.pdf',
  '🎉 party 👨‍👩‍👧.png',
  '!#$&+-.^_`|~ all attr-chars',
];

describe('contentDisposition', () => {
  test.each(NAMES)('%j: filename* is RFC 5987 and decodes back to the name', (name) => {
    const { kind, encoded } = parse(contentDisposition('attachment', name));
    expect(kind).toBe('attachment');
    expect(encoded).toMatch(EXT_VALUE);
    expect(decodeURIComponent(encoded.slice("UTF-8''".length))).toBe(name);
  });

  test.each(NAMES)('%j: the quoted fallback is printable ASCII without " \\ or %', (name) => {
    const header = contentDisposition('inline', name);
    const { kind, fallback } = parse(header);
    expect(kind).toBe('inline');
    expect(fallback).toMatch(/^[\x20-\x7e]*$/);
    expect(fallback).not.toMatch(/["\\%]/);
    expect(header).not.toMatch(/[\r\n]/);
  });

  test('encodes what encodeURIComponent leaves and keeps attr-chars as they are', () => {
    expect(contentDisposition('attachment', "it's (1)*.txt")).toBe(
      `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`,
    );
    expect(contentDisposition('attachment', 'a#b$c&d+e^f`g|h~i!j.txt')).toBe(
      `attachment; filename="a#b$c&d+e^f\`g|h~i!j.txt"; filename*=UTF-8''a#b$c&d+e^f\`g|h~i!j.txt`,
    );
  });

  test('replaces unsafe characters of the fallback one for one', () => {
    expect(parse(contentDisposition('attachment', '"a".txt')).fallback).toBe('_a_.txt');
    expect(parse(contentDisposition('attachment', 'a\r\nSet-Cookie: x=1.txt')).fallback).toBe('a__Set-Cookie: x=1.txt');
    expect(parse(contentDisposition('attachment', '..\\win.ini')).fallback).toBe('.._win.ini');
    expect(parse(contentDisposition('attachment', '\u202Egpj.exe')).fallback).toBe('_gpj.exe');
    expect(parse(contentDisposition('attachment', '100%.txt')).fallback).toBe('100_.txt');
    expect(parse(contentDisposition('attachment', 'Жж.txt')).fallback).toBe('__.txt');
  });

  test('UTF-8 bytes are encoded one %XX each, upper-case', () => {
    expect(parse(contentDisposition('attachment', 'я😀')).encoded).toBe("UTF-8''%D1%8F%F0%9F%98%80");
  });
});
