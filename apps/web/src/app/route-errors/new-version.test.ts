import { describe, expect, test } from 'vitest';
import { claimReloadFor, newVersionOnServer, RELOADED_FOR_KEY } from './new-version';

const CHUNK = 'http://localhost/assets/RoomsPage-Old1.js';
const indexWith = (entry: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head></html>`;

/** A server holding one build: its index.html and the chunk's status. */
function server(entry: string, chunkStatus: number) {
  const asked: string[] = [];
  const fetchFn = (url: string) => {
    asked.push(url);
    return Promise.resolve(
      url === '/index.html' ? new Response(indexWith(entry)) : new Response(null, { status: chunkStatus }),
    );
  };
  return { fetchFn, asked };
}

describe('newVersionOnServer', () => {
  test('index.html starting from another entry is a new version, named by it', async () => {
    const { fetchFn } = server('/assets/index-New2.js', 200);
    await expect(newVersionOnServer(CHUNK, '/assets/index-Old1.js', fetchFn)).resolves.toBe('/assets/index-New2.js');
  });

  test("the same entry with the page's chunk gone (404) is a new set of files", async () => {
    const { fetchFn } = server('/assets/index-Old1.js', 404);
    await expect(newVersionOnServer(CHUNK, '/assets/index-Old1.js', fetchFn)).resolves.toBe('/assets/index-Old1.js');
  });

  test('the chunk still there (it failed for the network) is no new version', async () => {
    const { fetchFn } = server('/assets/index-Old1.js', 200);
    await expect(newVersionOnServer(CHUNK, '/assets/index-Old1.js', fetchFn)).resolves.toBeNull();
  });

  test('offline, or a server that answers an error, is no new version', async () => {
    await expect(
      newVersionOnServer(CHUNK, '/assets/index-Old1.js', () => Promise.reject(new TypeError('offline'))),
    ).resolves.toBeNull();
    const failing = () => Promise.resolve(new Response('bad gateway', { status: 502 }));
    await expect(newVersionOnServer(CHUNK, '/assets/index-Old1.js', failing)).resolves.toBeNull();
  });
});

describe('claimReloadFor', () => {
  test('allows one reload per version, so a build that stays broken never reloads in a loop', () => {
    const storage = new Map<string, string>();
    const store = { getItem: (key: string) => storage.get(key) ?? null, setItem: storage.set.bind(storage) };
    expect(claimReloadFor('/assets/index-New2.js', store)).toBe(true);
    expect(storage.get(RELOADED_FOR_KEY)).toBe('/assets/index-New2.js');
    expect(claimReloadFor('/assets/index-New2.js', store)).toBe(false);
    // A later deploy is another version: one reload into it.
    expect(claimReloadFor('/assets/index-New3.js', store)).toBe(true);
  });

  test('never reloads when storage refuses', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(claimReloadFor('/assets/index-New2.js', refusing)).toBe(false);
  });
});
