import type { ClipCreatedPayload, ClipUpdatePayload } from '@clipsync/shared';
import { AccountKey, encryptText } from '@clipsync/shared/crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from '../../test/fixtures';
import { indexedClipOf } from './load-sealed-history';
import { indexClipUpdate } from './live-updates';
import { openSealedClip } from './open-sealed-clip';
import { makeSealedClip, minutesIn } from './sealed-clip-fixtures';
import { SealedHistoryIndex } from './sealed-history-index';

let sealingKey: CryptoKey;
beforeAll(async () => {
  sealingKey = await AccountKey.generate().sealingKey();
});

const file = (name: string) => ({ name, size: 1, type: 'application/octet-stream', url: `/files/${name}` });
const found = (index: SealedHistoryIndex, query: string) => index.search(query, { page: 1, pageSize: 10 }).items;

/** A sealed clip opened into a new index, and what a live save of it sends. */
async function heldSealedClip(text: string) {
  const { clip, key } = await makeSealedClip(text, sealingKey, makeClip({ id: 'c1', createdAt: minutesIn(1) }));
  const index = new SealedHistoryIndex();
  index.add(indexedClipOf(await openSealedClip(clip, sealingKey)));
  const save = async (next: string, more: Partial<ClipUpdatePayload> = {}): Promise<ClipUpdatePayload> => ({
    clipId: clip.id,
    content: await encryptText(next, key),
    version: clip.version + 1,
    files: [],
    encrypted: true,
    wrappedKey: clip.wrappedKey,
    ...more,
  });
  return { index, save };
}

describe('live updates of the sealed history', () => {
  test("an edit from another device is opened and searched: the old text's words no longer find it", async () => {
    const { index, save } = await heldSealedClip('meeting on monday');
    await indexClipUpdate(index, await save('meeting moved to friday'), sealingKey);
    expect(found(index, 'friday')).toEqual(['c1']);
    expect(found(index, 'monday')).toEqual([]);
  });

  test('edits opened out of order keep the newest text', async () => {
    const { index, save } = await heldSealedClip('v1');
    const second = await save('second text', { version: 2 });
    const third = await save('third text', { version: 3 });
    await indexClipUpdate(index, third, sealingKey);
    await indexClipUpdate(index, second, sealingKey);
    expect(index.get('c1')?.text).toBe('third text');
  });

  test("a sealed clip keeps the file names given while it has as many files; a new file's are unknown", async () => {
    const { index, save } = await heldSealedClip('with files');
    await indexClipUpdate(index, await save('with files', { files: [file('sealed-1')] }), sealingKey);
    expect(index.get('c1')).toMatchObject({ hasFiles: true, fileNames: [] });
    index.update('c1', { fileNames: ['Passport.jpg'] });
    await indexClipUpdate(index, await save('edited', { version: 3, files: [file('sealed-1')] }), sealingKey);
    expect(found(index, 'passport')).toEqual(['c1']);
    const two = [file('sealed-1'), file('sealed-2')];
    await indexClipUpdate(index, await save('edited', { version: 4, files: two }), sealingKey);
    expect(found(index, 'passport')).toEqual([]);
  });

  test('a new clip is added at the top; a draft is held but not listed until it has text', async () => {
    const { index, save } = await heldSealedClip('older');
    const created = async (text: string, version: number): Promise<ClipCreatedPayload> => ({
      ...(await save(text)),
      clipId: 'c2',
      version,
      content: text === '' ? '' : (await save(text)).content,
      createdAt: minutesIn(5),
    });
    await indexClipUpdate(index, await created('', 1), sealingKey);
    expect(index.has('c2')).toBe(true);
    expect(found(index, '')).toEqual(['c1']);
    await indexClipUpdate(index, await created('brand new', 2), sealingKey);
    expect(found(index, '')).toEqual(['c2', 'c1']);
    expect(found(index, 'brand')).toEqual(['c2']);
  });

  test('a plain save is indexed as it is, its file names with it; one that does not open is kept unreadable', async () => {
    const { index, save } = await heldSealedClip('sealed words');
    const plain: ClipUpdatePayload = {
      clipId: 'c1',
      content: 'plain words',
      version: 2,
      files: [file('Budget.ods')],
    };
    await indexClipUpdate(index, plain, sealingKey);
    expect(found(index, 'budget')).toEqual(['c1']);
    await indexClipUpdate(index, await save('x', { version: 3, content: 'AQAbroken' }), sealingKey);
    expect(index.get('c1')).toMatchObject({ isReadable: false, text: '' });
    expect(found(index, '')).toEqual(['c1']);
  });

  test('an update of a clip not held yet is left to the history load', async () => {
    const { save } = await heldSealedClip('x');
    const empty = new SealedHistoryIndex();
    await indexClipUpdate(empty, await save('y'), sealingKey);
    expect(empty.size).toBe(0);
  });
});
