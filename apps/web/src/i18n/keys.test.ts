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

describe.each([
  ['fr', frLanding, frApp],
  ['es', esLanding, esApp],
  ['de', deLanding, deApp],
])('%s', (_language, landing, app) => {
  test('its landing part has every English landing key and no other', () => {
    expect(keyPaths(landing).sort()).toEqual(keyPaths(enLanding).sort());
  });

  test('its app part has every English app key and no other', () => {
    expect(keyPaths(app).sort()).toEqual(keyPaths(enApp).sort());
  });
});

test('no section is in both parts', () => {
  const landingSections = Object.keys(enLanding);
  expect(Object.keys(enApp).filter((section) => landingSections.includes(section))).toEqual([]);
});
