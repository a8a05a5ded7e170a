import { describe, expect, test } from 'vitest';
import deApp from './de/app.json';
import deLanding from './de/landing.json';
import enApp from './en/app.json';
import enLanding from './en/landing.json';
import esApp from './es/app.json';
import esLanding from './es/landing.json';
import frApp from './fr/app.json';
import frLanding from './fr/landing.json';

/** Every key path of a nested translation object, e.g. `clips.pageOf`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** i18next's plural suffixes (JSON v4): `roomCount_one`, `roomCount_many`, … are forms of `roomCount`. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must share with English: a plural key counts once, by its base, since each language
 * has forms of its own (French and Spanish need `_many`, for a million; English and German do not).
 */
const sharedKeys = (texts: object) =>
  [...new Set(keyPaths(texts).map((path) => path.replace(PLURAL, '$1 (plural)')))].sort();

/** Each plural key's forms, by its base. */
function pluralForms(texts: object): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const path of keyPaths(texts)) {
    const match = PLURAL.exec(path);
    if (match?.[1] && match[2]) forms.set(match[1], [...(forms.get(match[1]) ?? []), match[2]]);
  }
  return forms;
}

describe.each([
  ['fr', frLanding, frApp],
  ['es', esLanding, esApp],
  ['de', deLanding, deApp],
])('%s', (_language, landing, app) => {
  test('its landing part has every English landing key and no other', () => {
    expect(sharedKeys(landing)).toEqual(sharedKeys(enLanding));
  });

  test('its app part has every English app key and no other', () => {
    expect(sharedKeys(app)).toEqual(sharedKeys(enApp));
  });
});

describe.each([
  ['en', enLanding, enApp],
  ['fr', frLanding, frApp],
  ['es', esLanding, esApp],
  ['de', deLanding, deApp],
])('%s', (language, landing, app) => {
  // i18next asks for the form the language's plural rules pick and does not fall back to `_other`: a missing
  // form shows the bare key ('rooms.roomCount') to a reader counting a million rooms in French.
  test('every plural key has exactly the forms its plural rules pick from', () => {
    const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    for (const texts of [landing, app]) {
      for (const [base, forms] of pluralForms(texts)) {
        expect({ base, forms: forms.sort() }).toEqual({ base, forms: categories });
      }
    }
  });
});

test('no section is in both parts', () => {
  const landingSections = Object.keys(enLanding);
  expect(Object.keys(enApp).filter((section) => landingSections.includes(section))).toEqual([]);
});
