import { describe, expect, test } from 'vitest';
import { LONE_SURROGATE_REFUSED_MESSAGE, NUL_REFUSED_MESSAGE, text } from './text';

describe('text()', () => {
  test.each([
    ['a high surrogate alone', 'x\uD800y'],
    ['a low surrogate alone', 'x\uDC00y'],
    ['a pair the wrong way round', '\uDE00\uD83D'],
    ['a high surrogate at the end', 'abc\uD83D'],
  ])('refuses %s', (_label, value) => {
    const result = text().safeParse(value);
    expect(result.error?.issues.map(({ message }) => message)).toEqual([LONE_SURROGATE_REFUSED_MESSAGE]);
  });

  test.each([
    ['an emoji (a pair)', 'hi 😀'],
    ['a flag (two pairs)', '🇫🇷'],
    ['an empty string', ''],
    ['accented letters', 'Crème brûlée'],
  ])('takes %s', (_label, value) => {
    expect(text().safeParse(value).success).toBe(true);
  });

  test('a NUL is refused in its own words', () => {
    expect(
      text()
        .safeParse('a\0b')
        .error?.issues.map(({ message }) => message),
    ).toEqual([NUL_REFUSED_MESSAGE]);
  });
});
