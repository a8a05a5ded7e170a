import { describe, expect, test } from 'vitest';
import { createHandledSends } from './handled-sends';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('handled sends', () => {
  test('an id is acted on once: a repeat is refused', () => {
    const handled = createHandledSends(memoryStorage());
    expect(handled.claim('a')).toBe(true);
    expect(handled.claim('a')).toBe(false);
    expect(handled.claim('b')).toBe(true);
  });

  test('a reload of the tab still knows the ids it handled', () => {
    const storage = memoryStorage();
    createHandledSends(storage).claim('a');
    expect(createHandledSends(storage).claim('a')).toBe(false);
  });

  test('keeps the newest 200 ids; unreadable storage counts as none', () => {
    const storage = memoryStorage();
    const handled = createHandledSends(storage);
    for (let index = 0; index <= 200; index += 1) handled.claim(`id-${index}`);
    const reloaded = createHandledSends(storage);
    expect(reloaded.claim('id-200')).toBe(false);
    expect(reloaded.claim('id-0')).toBe(true);
    storage.setItem('clipsync.deviceSends.handled', '{not json');
    expect(createHandledSends(storage).claim('x')).toBe(true);
  });

  test('works without storage (refused by the browser)', () => {
    const handled = createHandledSends(undefined);
    expect(handled.claim('a')).toBe(true);
    expect(handled.claim('a')).toBe(false);
  });
});
