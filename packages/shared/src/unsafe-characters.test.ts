import { describe, expect, test } from 'vitest';
import { isUnsafeCharacter, replaceUnsafeCharacters } from './unsafe-characters';

describe('isUnsafeCharacter', () => {
  test.each([
    ['NUL', '\u0000'],
    ['a line feed', '\n'],
    ['a tab', '\t'],
    ['a carriage return', '\r'],
    ['an escape', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 CSI', '\u009b'],
    ['the last C1 control', '\u009f'],
    ['the Arabic letter mark', '\u061C'],
    ['the left-to-right mark', '\u200E'],
    ['the right-to-left mark', '\u200F'],
    ['the line separator', '\u2028'],
    ['the paragraph separator', '\u2029'],
    ['a left-to-right embedding', '\u202A'],
    ['a right-to-left override', '\u202E'],
    ['a left-to-right isolate', '\u2066'],
    ['the end of an isolate', '\u2069'],
    ['the soft hyphen', '\u00AD'],
    ['the Mongolian vowel separator', '\u180E'],
    ['the zero-width space', '\u200B'],
    ['the word joiner', '\u2060'],
    ['the invisible plus', '\u2064'],
    ['a deprecated format character', '\u206A'],
    ['the last deprecated format character', '\u206F'],
    ['the zero-width no-break space (byte order mark)', '\uFEFF'],
    ['an interlinear annotation anchor', '\uFFF9'],
    ['an interlinear annotation terminator', '\uFFFB'],
  ])('%s is unsafe', (_label, character) => {
    expect(isUnsafeCharacter(character)).toBe(true);
  });

  test.each([
    ['a space', ' '],
    ['a letter', 'a'],
    ['a no-break space', '\u00a0'],
    ['a Hebrew letter', 'ש'],
    ['an Arabic letter', 'ع'],
    ['a zero-width joiner, which emoji sequences need', '\u200D'],
    ['the character after the overrides', '\u202F'],
    ['a zero-width non-joiner, which Persian and Indic words need', '\u200C'],
    ['an emoji', '😀'],
    ['a family emoji, joined by zero-width joiners', '👨\u200D👩\u200D👧'],
    ["a subdivision's flag, made of tag characters", '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['the character after the annotations', '\uFFFC'],
  ])('%s is safe', (_label, character) => {
    expect(isUnsafeCharacter(character)).toBe(false);
  });
});

describe('replaceUnsafeCharacters', () => {
  test('replaces every unsafe character, and only those', () => {
    expect(replaceUnsafeCharacters('invoice\u202Efdp.sh\u001b[2J שלום\n', '\uFFFD')).toBe(
      'invoice\uFFFDfdp.sh\uFFFD[2J שלום\uFFFD',
    );
  });

  test('takes the replacement from a function, character by character', () => {
    expect(replaceUnsafeCharacters('a\u2066b\u0007', (character) => `<${character.charCodeAt(0).toString(16)}>`)).toBe(
      'a<2066>b<7>',
    );
  });

  test('an invisible character that makes one name pass for another is replaced', () => {
    expect(replaceUnsafeCharacters('Lap\u200Btop\uFEFF re\u00ADport.pdf', '\uFFFD')).toBe(
      'Lap\uFFFDtop\uFFFD re\uFFFDport.pdf',
    );
  });

  test('an emoji sequence and a flag are kept whole', () => {
    const kept = '👨\u200D👩\u200D👧 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(replaceUnsafeCharacters(kept, '\uFFFD')).toBe(kept);
  });

  test('a replacement string is taken as it is, `$` included', () => {
    expect(replaceUnsafeCharacters('a\u0000b', '$&')).toBe('a$&b');
  });
});
