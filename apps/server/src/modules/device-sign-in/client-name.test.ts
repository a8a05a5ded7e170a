import { describe, expect, test } from 'vitest';
import { cleanClientName } from './client-name';

describe('cleanClientName', () => {
  test.each([
    ['a right-to-left override', 'ClipSync for Windows (official) \u202Eevil', 'ClipSync for Windows (official) evil'],
    ['embeddings and isolates', '\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069h', 'a b c d e f g h'],
    ['bidi marks', 'left\u200Eright\u200Farabic\u061C', 'left right arabic'],
    ['C0 controls, newlines and tabs', 'line one\nline two\ttab\u0007bell\u001b[2J', 'line one line two tab bell [2J'],
    ['DEL and C1 controls', 'a\u007Fb\u0085c\u009Bd', 'a b c d'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a b c'],
    ['invisible format characters', 'Clip\u200BSync\u00AD CLI\uFEFF\u2060', 'Clip Sync CLI'],
    ['a plain name', 'clipsync CLI on laptop', 'clipsync CLI on laptop'],
    ['letters of any script and emoji', 'Ordinateur de Zoë 💻 مرحبا', 'Ordinateur de Zoë 💻 مرحبا'],
  ])('%s', (_, name, expected) => {
    expect(cleanClientName(name, undefined)).toBe(expected);
  });

  test('a name of nothing but unsafe characters is named after the User-Agent', () => {
    expect(cleanClientName('\u202E\u0000\u2066', 'curl/8.5.0')).toBe('curl');
    expect(cleanClientName('\u202E', undefined)).toBe('Unknown client');
  });
});
