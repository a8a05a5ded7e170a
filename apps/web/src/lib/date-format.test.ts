import { describe, expect, test } from 'vitest';
import { formatDate } from './date-format';

// Built from local parts, so the expected wall-clock time holds in any time zone the tests run in.
const moment = new Date(2026, 10, 27, 15, 49, 48);
// Newer ICU data puts a narrow no-break space before 'PM'; the reader sees a space either way.
const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatDate', () => {
  test("English: a day reads 'Nov 27, 2026', a moment adds the time without seconds", () => {
    expect(formatDate(moment, 'date', 'en')).toBe('Nov 27, 2026');
    expect(spaced(formatDate(moment, 'dateTime', 'en'))).toBe('Nov 27, 2026, 3:49 PM');
  });

  test('French writes the day first and a 24-hour clock', () => {
    expect(formatDate(moment, 'date', 'fr')).toBe('27 nov. 2026');
    expect(spaced(formatDate(moment, 'dateTime', 'fr'))).toBe('27 nov. 2026, 15:49');
  });

  test('Spanish and German follow their own conventions too', () => {
    expect(formatDate(moment, 'date', 'es')).toBe('27 nov 2026');
    expect(formatDate(moment, 'date', 'de')).toBe('27.11.2026');
  });

  test('takes the ISO strings the API sends', () => {
    expect(formatDate(moment.toISOString(), 'date', 'en')).toBe('Nov 27, 2026');
  });

  test('a value that is no date is shown as it came, not as "Invalid Date"', () => {
    expect(formatDate('soon', 'dateTime', 'en')).toBe('soon');
  });

  test('the same language and style give the same text on every call (formatters are reused per language)', () => {
    expect(formatDate(moment, 'date', 'fr')).toBe(formatDate(moment, 'date', 'fr'));
    expect(formatDate(moment, 'date', 'en')).not.toBe(formatDate(moment, 'date', 'fr'));
  });
});
