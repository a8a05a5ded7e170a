import { describe, expect, test } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

/** Every key path of a nested translation object, e.g. `clips.pageOf`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe.each([
  ['fr', fr],
  ['es', es],
  ['de', de],
])('%s', (_language, translation) => {
  test('has every English key and no other', () => {
    expect(keyPaths(translation).sort()).toEqual(keyPaths(en).sort());
  });
});
