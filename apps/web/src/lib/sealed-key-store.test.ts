import { afterEach, describe, expect, test } from 'vitest';
import { sealedKeyStore } from './sealed-key-store';

describe('sealedKeyStore', () => {
  afterEach(() => localStorage.clear());

  test('keeps a clip’s key, with its password when there is one, until forgotten', () => {
    sealedKeyStore.remember('a', { fragment: 'k=AAA' });
    sealedKeyStore.remember('b', { fragment: 'k=BBB', password: 'pw' });
    expect(sealedKeyStore.get('a')).toEqual({ fragment: 'k=AAA' });
    expect(sealedKeyStore.get('b')).toEqual({ fragment: 'k=BBB', password: 'pw' });
    sealedKeyStore.forget('a');
    expect(sealedKeyStore.get('a')).toBeNull();
  });

  test('anything else stored under a clip’s name is no key', () => {
    localStorage.setItem('e2eClipKey:c', 'not json');
    localStorage.setItem('e2eClipKey:d', JSON.stringify({ password: 'no fragment' }));
    expect(sealedKeyStore.get('c')).toBeNull();
    expect(sealedKeyStore.get('d')).toBeNull();
    expect(sealedKeyStore.get('never-made')).toBeNull();
  });
});
