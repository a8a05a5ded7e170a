import { describe, expect, test } from 'vitest';
import { swStrategyFor } from './sw-routes';

const origin = 'https://clipsync.example';
const strategy = (method: string, path: string, mode: RequestMode = 'cors', base = origin) =>
  swStrategyFor({ method, url: `${base}${path}`, mode }, origin);

describe('what the service worker does with a request', () => {
  test('the API and the sockets always go to the network, never to the cache', () => {
    expect(strategy('GET', '/api/clips?limit=5')).toBe('network');
    expect(strategy('GET', '/api')).toBe('network');
    expect(strategy('GET', '/socket.io/?EIO=4&transport=polling')).toBe('network');
  });

  test('no write is ever answered from the cache', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(strategy(method, '/api/clips'), method).toBe('network');
      expect(strategy(method, '/dashboard'), method).toBe('network');
    }
  });

  test("the share sheet's POST is the worker's own", () => {
    expect(strategy('POST', '/share-target', 'navigate')).toBe('share-target');
    expect(strategy('GET', '/share-target', 'navigate')).toBe('network-first');
  });

  test('hashed assets come from the cache first; pages and unhashed files from the network first', () => {
    expect(strategy('GET', '/assets/index-Abc123.js')).toBe('cache-first');
    expect(strategy('GET', '/dashboard', 'navigate')).toBe('network-first');
    expect(strategy('GET', '/', 'navigate')).toBe('network-first');
    expect(strategy('GET', '/manifest.webmanifest')).toBe('network-first');
  });

  test("another site's files are left alone", () => {
    expect(strategy('GET', '/assets/x.js', 'cors', 'https://cdn.example')).toBe('network');
  });
});
