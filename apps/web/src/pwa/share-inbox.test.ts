import 'fake-indexeddb/auto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  forgetShare,
  isEmptyShare,
  keepShare,
  listWaitingShares,
  MAX_WAITING_SHARES,
  shareContent,
  shareFromForm,
  type Share,
} from './share-inbox';

const DB_NAME = 'clipsync-share-inbox';

afterEach(async () => {
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = resolve;
    request.onerror = reject;
  });
  vi.unstubAllGlobals();
});

/** Node's own File and Blob, which IndexedDB's structured clone copies as a browser's does (jsdom's it cannot). */
function useClonableFiles() {
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
}

const form = (fields: Record<string, string>, files: File[] = []) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('files', file);
  return data;
};

const textShare = (text: string): Share => ({ title: '', text, url: '', files: [] });

describe('share inbox', () => {
  test('a share sheet form becomes a share with its text fields and every file', () => {
    const files = [new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['bb'], 'b.png', { type: 'image/png' })];
    const share = shareFromForm(form({ title: ' Title ', text: 'Body', url: 'https://example.com' }, files));
    expect(share).toMatchObject({ title: 'Title', text: 'Body', url: 'https://example.com' });
    expect(share.files.map((file) => file.name)).toEqual(['a.txt', 'b.png']);
  });

  test('missing fields and empty file slots are left out; nothing shared is an empty share', () => {
    const share = shareFromForm(form({}, [new File([], '')]));
    expect(share).toEqual({ title: '', text: '', url: '', files: [] });
    expect(isEmptyShare(share)).toBe(true);
    expect(isEmptyShare({ ...share, url: 'https://example.com' })).toBe(false);
  });

  test("the clip's text holds the title, the text and the link once each", () => {
    const base = { files: [] };
    expect(shareContent({ ...base, title: 'Page', text: 'Look', url: 'https://e.com' })).toBe(
      'Page\nLook\nhttps://e.com',
    );
    // An app that puts the link in the text too, or sends the title alone.
    expect(shareContent({ ...base, title: '', text: 'Look https://e.com', url: 'https://e.com' })).toBe(
      'Look https://e.com',
    );
    expect(shareContent({ ...base, title: 'Only a title', text: '', url: '' })).toBe('Only a title');
  });

  test('a kept share, files and all, waits until it is forgotten', async () => {
    useClonableFiles();
    expect(await listWaitingShares()).toEqual([]);
    const file = new File(['hello file'], 'note.txt', { type: 'text/plain' });
    expect(await keepShare({ title: '', text: 'shared', url: '', files: [file] }, null, 1_000)).toBe('kept');
    // Still there when read again (the app reads it before sign-in and after).
    await listWaitingShares();
    const [kept, ...others] = await listWaitingShares();
    expect(others).toEqual([]);
    expect(kept).toMatchObject({ text: 'shared', receivedAt: 1_000, from: null });
    expect(kept?.files).toHaveLength(1);
    expect(kept?.files[0]?.name).toBe('note.txt');
    expect(kept?.files[0]?.type).toBe('text/plain');
    expect(await kept?.files[0]?.text()).toBe('hello file');
    await forgetShare(kept?.id ?? -1);
    expect(await listWaitingShares()).toEqual([]);
  });

  test('a second post waits beside the first, each with where and when it came from; forgetting one keeps the other', async () => {
    await keepShare(textShare('mine'), null, 1_000);
    await keepShare(textShare('from a site'), 'https://news.example', 2_000);
    const waiting = await listWaitingShares();
    expect(waiting.map(({ text, from, receivedAt }) => ({ text, from, receivedAt }))).toEqual([
      { text: 'mine', from: null, receivedAt: 1_000 },
      { text: 'from a site', from: 'https://news.example', receivedAt: 2_000 },
    ]);
    await forgetShare(waiting[1]?.id ?? -1);
    expect((await listWaitingShares()).map(({ text }) => text)).toEqual(['mine']);
  });

  test(`at ${MAX_WAITING_SHARES} waiting, a new share is refused and none that waits is pushed out`, async () => {
    for (let index = 0; index < MAX_WAITING_SHARES; index += 1) {
      expect(await keepShare(textShare(`share ${index}`), null, index)).toBe('kept');
    }
    expect(await keepShare(textShare('one too many'), 'https://flood.example', 99)).toBe('full');
    const waiting = await listWaitingShares();
    expect(waiting.map(({ text }) => text)).toEqual(
      Array.from({ length: MAX_WAITING_SHARES }, (_, index) => `share ${index}`),
    );
    // Once one is saved or discarded, the next share is kept again.
    await forgetShare(waiting[0]?.id ?? -1);
    expect(await keepShare(textShare('room again'), null, 100)).toBe('kept');
  });

  test('two shares posted at once for the last place: one is kept and the other is told it was not', async () => {
    for (let index = 0; index < MAX_WAITING_SHARES - 1; index += 1) await keepShare(textShare(`${index}`), null);
    const outcomes = await Promise.all([keepShare(textShare('a'), null), keepShare(textShare('b'), null)]);
    expect(outcomes.sort()).toEqual(['full', 'kept']);
    expect(await listWaitingShares()).toHaveLength(MAX_WAITING_SHARES);
  });

  test("a share that waited in the first version's one-share inbox moves over, its sender not recorded", async () => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore('shares');
        store.put({ title: '', text: 'from before', url: '', files: [] }, 'pending');
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const [moved, ...others] = await listWaitingShares();
    expect(others).toEqual([]);
    expect(moved).toMatchObject({ text: 'from before', from: undefined });
    expect(await keepShare(textShare('after'), null)).toBe('kept');
    expect(await listWaitingShares()).toHaveLength(2);
  });
});
