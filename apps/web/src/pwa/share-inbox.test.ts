import 'fake-indexeddb/auto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { forgetShare, isEmptyShare, keepShare, peekShare, shareContent, shareFromForm } from './share-inbox';

afterEach(async () => {
  await forgetShare();
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
    expect(await peekShare()).toBeUndefined();
    const file = new File(['hello file'], 'note.txt', { type: 'text/plain' });
    await keepShare({ title: '', text: 'shared', url: '', files: [file] });
    // Still there when read again (the app reads it before sign-in and after).
    await peekShare();
    const kept = await peekShare();
    expect(kept?.text).toBe('shared');
    expect(kept?.files).toHaveLength(1);
    expect(kept?.files[0]?.name).toBe('note.txt');
    expect(kept?.files[0]?.type).toBe('text/plain');
    expect(await kept?.files[0]?.text()).toBe('hello file');
    await forgetShare();
    expect(await peekShare()).toBeUndefined();
  });

  test('a newer share replaces one never picked up', async () => {
    await keepShare({ title: '', text: 'first', url: '', files: [] });
    await keepShare({ title: '', text: 'second', url: '', files: [] });
    expect((await peekShare())?.text).toBe('second');
  });
});
