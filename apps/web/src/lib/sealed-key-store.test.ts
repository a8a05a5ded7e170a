import { afterEach, describe, expect, test } from 'vitest';
import { e2eKeyStore } from './sealed-key-store';

describe('e2eKeyStore', () => {
  afterEach(() => localStorage.clear());

  test('keeps a clip’s key, with its password when there is one, until forgotten', () => {
    e2eKeyStore.remember('a', { fragment: 'k=AAA' });
    e2eKeyStore.remember('b', { fragment: 'k=BBB', password: 'pw' });
    expect(e2eKeyStore.get('a')).toEqual({ fragment: 'k=AAA' });
    expect(e2eKeyStore.get('b')).toEqual({ fragment: 'k=BBB', password: 'pw' });
    e2eKeyStore.forget('a');
    expect(e2eKeyStore.get('a')).toBeNull();
  });

  test('anything else stored under a clip’s name is no key', () => {
    localStorage.setItem('e2eClipKey:c', 'not json');
    localStorage.setItem('e2eClipKey:d', JSON.stringify({ password: 'no fragment' }));
    expect(e2eKeyStore.get('c')).toBeNull();
    expect(e2eKeyStore.get('d')).toBeNull();
    expect(e2eKeyStore.get('never-made')).toBeNull();
  });
});
