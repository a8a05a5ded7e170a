import { describe, expect, test } from 'vitest';
import { formatBytes, oneLine, printable } from './format';

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
    ['right-to-left text itself, and its marks, stay', 'שלום \u200Fעולם', 'שלום \u200Fעולם'],
  ])('%s', (_label, text, shown) => {
    expect(printable(text)).toBe(shown);
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

test('formatBytes reads as people count', () => {
  expect([812, 4300, 10 * 1024 * 1024, 0].map(formatBytes)).toEqual(['812 B', '4.2 KB', '10 MB', '0 B']);
});
