import { describe, expect, test } from 'vitest';
import { formatBytes, formatBytesExactly, oneLine, printable, printableJson, printableLines } from './format';

describe('printable', () => {
  test.each([
    ['plain text stays', 'Grüße, 東京 🚀', 'Grüße, 東京 🚀'],
    ['a terminal escape that would recolour the screen', 'a\u001b[31mred', 'a\uFFFD[31mred'],
    ['a C1 control (CSI)', 'a\u009b2Jb', 'a\uFFFD2Jb'],
    ['a bell, a delete and a carriage return', '\u0007x\u007f\r', '\uFFFDx\uFFFD\uFFFD'],
    ['a tab reads as a space', 'name\tvalue', 'name value'],
    [
      'a right-to-left override, which would show the rest of the line reversed',
      'invoice\u202Efdp.exe',
      'invoice\uFFFDfdp.exe',
    ],
    ['an isolate and its end', 'a\u2067b\u2069c', 'a\uFFFDb\uFFFDc'],
    ['right-to-left text stays, not its invisible marks', 'שלום \u200Fעולם\u200E\u061C', 'שלום \uFFFDעולם\uFFFD\uFFFD'],
    ['a line or paragraph separator', 'a\u2028b\u2029c', 'a\uFFFDb\uFFFDc'],
  ])('%s', (_label, text, shown) => {
    expect(printable(text)).toBe(shown);
  });
});

describe('printableLines', () => {
  test.each([
    ['line breaks (LF and CRLF) and tabs stay', 'one\r\n\ttwo\nthree\n', 'one\r\n\ttwo\nthree\n'],
    ['an OSC 52 clipboard write', 'a\u001b]52;c;ZXZpbA==\u0007b', 'a\uFFFD]52;c;ZXZpbA==\uFFFDb'],
    ['a window title and a screen clear', '\u001b]0;title\u0007\u001b[2J', '\uFFFD]0;title\uFFFD\uFFFD[2J'],
    ['a C1 CSI', 'a\u009b2Jb', 'a\uFFFD2Jb'],
    ['a carriage return alone, which would hide what came before', 'rm -rf ~\rls', 'rm -rf ~\uFFFDls'],
    [
      'a right-to-left override and an isolate',
      'invoice\u202Efdp.sh \u2066x\u2069',
      'invoice\uFFFDfdp.sh \uFFFDx\uFFFD',
    ],
    ['right-to-left text stays, not its invisible marks', 'שלום \u200Fעולם', 'שלום \uFFFDעולם'],
    ['a line separator, a break the line-keeping rule does not keep', 'a\u2028b', 'a\uFFFDb'],
  ])('%s', (_label, text, shown) => {
    expect(printableLines(text)).toBe(shown);
  });
});

describe('printableJson', () => {
  test('writes what JSON leaves raw (DEL, C1, bidi) as \\u escapes, and parses back to the same value', () => {
    const value = { text: 'a\u007f\u009b2J\u202Eb\u2069\u001b\n', name: 'Grüße 東京' };
    const line = printableJson(value);
    expect(line).toBe('{"text":"a\\u007f\\u009b2J\\u202eb\\u2069\\u001b\\n","name":"Grüße 東京"}');
    expect(JSON.parse(line)).toEqual(value);
  });
});

describe('oneLine', () => {
  test('the first non-empty line, trimmed, printable, cut with an ellipsis', () => {
    expect(oneLine('\n  \n  first\u001b[2J line  \nsecond', 40)).toBe('first\uFFFD[2J line');
    expect(oneLine('abcdefghij', 5)).toBe('abcd…');
    expect(oneLine('😀😀😀', 3)).toBe('😀😀😀');
    expect(oneLine('', 10)).toBe('');
  });
});

test('formatBytes reads as people count: one decimal from KB up, none when the size is whole', () => {
  expect([812, 4300, 10 * 1024 * 1024, 0, 11_000_000, 1536].map(formatBytes)).toEqual([
    '812 B',
    '4.2 KB',
    '10 MB',
    '0 B',
    '10.5 MB',
    '1.5 KB',
  ]);
  expect(formatBytes(10 * 1024 * 1024 + 1)).toBe('10.0 MB');
  // Just under a unit: the next unit, not "1024.0 KB".
  expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
  expect(formatBytes(1023)).toBe('1023 B');
});

test('formatBytesExactly adds the bytes, so a size just over a limit never reads as the limit', () => {
  expect(formatBytesExactly(11_000_000)).toBe('10.5 MB (11,000,000 bytes)');
  expect(formatBytesExactly(10 * 1024 * 1024)).toBe('10 MB (10,485,760 bytes)');
});
