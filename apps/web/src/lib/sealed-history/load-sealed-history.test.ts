import type { Clip } from '@clipsync/shared';
import { AccountKey } from '@clipsync/shared/crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from '../../test/fixtures';
import { loadSealedHistory, type FetchHistoryPage, type SealedHistoryProgress } from './load-sealed-history';
import { createClipKeyCache } from '../clipboard-key/clip-keys';
import type { OpenedClip } from './open-sealed-clip';
import { makeSealedClip, minutesIn } from './sealed-clip-fixtures';
import { SealedHistoryIndex } from './sealed-history-index';

let sealingKey: CryptoKey;
beforeAll(async () => {
  sealingKey = await AccountKey.generate().sealingKey();
});

/** `count` sealed clips, newest first as the list answers: clip N says "note N", every 7th "invoice" too. */
async function sealedHistory(count: number): Promise<Clip[]> {
  const clips = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const text = n % 7 === 0 ? `note ${n} invoice` : `note ${n}`;
      const time = minutesIn(n);
      return (await makeSealedClip(text, sealingKey, makeClip({ id: `clip-${n}`, createdAt: time, created_at: time })))
        .clip;
    }),
  );
  return clips.reverse();
}

/** The list endpoint over `server` (mutable: a test changes it between pages), counting the calls. */
function listOver(server: { clips: Clip[] }, beforeEachPage?: (call: number) => void) {
  const calls: Array<{ limit: number; offset: number }> = [];
  const fetchPage: FetchHistoryPage = async (page) => {
    beforeEachPage?.(calls.length);
    calls.push(page);
    return { clips: server.clips.slice(page.offset, page.offset + page.limit), total: server.clips.length };
  };
  return { fetchPage, calls };
}

const allIds = (index: SealedHistoryIndex) => index.search('', { page: 1, pageSize: 10_000 }).items;

describe('loading the sealed history', () => {
  test('every page is read, opened and indexed, newest first, with progress after each page', async () => {
    const server = { clips: await sealedHistory(230) };
    const { fetchPage, calls } = listOver(server);
    const index = new SealedHistoryIndex();
    const progress: SealedHistoryProgress[] = [];
    const result = await loadSealedHistory({
      sealingKey,
      index,
      fetchPage,
      onProgress: (step) => progress.push(step),
      keyCache: createClipKeyCache(),
    });
    expect(result).toEqual({ loaded: 230, total: 230, failed: 0 });
    expect(progress.map((step) => step.loaded)).toEqual([100, 195, 230]);
    // Each page reads the last 5 of the one before again, to prove nothing moved past it.
    expect(calls).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 95 },
      { limit: 100, offset: 190 },
    ]);
    expect(allIds(index)).toEqual(server.clips.map((clip) => clip.id));
    expect(index.search('invoice', { page: 1, pageSize: 3 })).toEqual({
      items: ['clip-224', 'clip-217', 'clip-210'],
      total: 33,
    });
  });

  test('a clip read twice (the overlap) is opened once; the screen hears each opened clip', async () => {
    const server = { clips: await sealedHistory(30) };
    const opened: OpenedClip[] = [];
    await loadSealedHistory({
      sealingKey,
      index: new SealedHistoryIndex(),
      fetchPage: listOver(server).fetchPage,
      pageSize: 8,
      onOpened: (clips) => opened.push(...clips),
    });
    expect(opened.map((clip) => clip.clip.id).sort()).toEqual(server.clips.map((clip) => clip.id).sort());
    expect(opened.every((clip) => clip.isOpen && clip.key !== null)).toBe(true);
  });

  test('plain clips are indexed as they are, with their file names; clips that do not open are counted', async () => {
    const file = { id: 'f1', name: 'Quarterly.xlsx', size: 10, type: 'application/vnd.ms-excel', url: '/f/1' };
    const theirs = (
      await makeSealedClip('not mine', await AccountKey.generate().sealingKey(), makeClip({ id: 'theirs' }))
    ).clip;
    const server = {
      clips: [
        makeClip({ id: 'plain', content: 'not sealed yet', files: [file], createdAt: minutesIn(3) }),
        { ...theirs, createdAt: minutesIn(2) },
        makeClip({ id: 'link-only', content: 'AQAxyz', encrypted: true, createdAt: minutesIn(1) }),
      ],
    };
    const index = new SealedHistoryIndex();
    expect(await loadSealedHistory({ sealingKey, index, fetchPage: listOver(server).fetchPage })).toEqual({
      loaded: 3,
      total: 3,
      failed: 2,
    });
    expect(allIds(index)).toEqual(['plain', 'theirs', 'link-only']);
    expect(index.search('quarterly', { page: 1, pageSize: 10 }).items).toEqual(['plain']);
    expect(index.search('not', { page: 1, pageSize: 10 }).items).toEqual(['plain']);
  });

  test('clips deleted between pages skip nothing: a page that misses the last one is read again further back', async () => {
    const server = { clips: await sealedHistory(60) };
    const index = new SealedHistoryIndex();
    const deleted: string[] = [];
    const { fetchPage } = listOver(server, (call) => {
      // Before the 2nd and 3rd calls, 12 of the clips already read are deleted (more than the overlap).
      if (call === 1 || call === 2) {
        const gone = server.clips.splice(call === 1 ? 2 : 14, 12);
        deleted.push(...gone.map((clip) => clip.id));
        for (const clip of gone) index.remove(clip.id);
      }
    });
    const told: string[] = [];
    await loadSealedHistory({
      sealingKey,
      index,
      fetchPage,
      pageSize: 20,
      onOpened: (clips) => told.push(...clips.map((clip) => clip.clip.id)),
    });
    expect(allIds(index)).toEqual(server.clips.map((clip) => clip.id));
    expect(deleted).toHaveLength(24);
    expect(told.filter((id) => deleted.includes(id))).toEqual([]);
  });

  test('clips made during the load shift the pages down: nothing is skipped or held twice', async () => {
    const server = { clips: await sealedHistory(50) };
    const newer: Clip[] = [];
    const { fetchPage } = listOver(server, (call) => {
      if (call > 0 && call < 4) {
        const time = minutesIn(1000 + call);
        newer.push(makeClip({ id: `new-${call}`, content: 'made meanwhile', createdAt: time }));
        server.clips.unshift(newer.at(-1)!);
      }
    });
    const index = new SealedHistoryIndex();
    await loadSealedHistory({ sealingKey, index, fetchPage, pageSize: 10 });
    // The new ones made after the first page were pushed live, not read: the index holds the others once.
    const read = allIds(index);
    expect(new Set(read).size).toBe(read.length);
    expect(read.filter((id) => id.startsWith('clip-'))).toHaveLength(50);
  });

  test('an abort stops the load with its reason; a failed list call rejects the load', async () => {
    const server = { clips: await sealedHistory(30) };
    const stop = new AbortController();
    const { fetchPage } = listOver(server, (call) => call === 1 && stop.abort(new Error('signed out')));
    await expect(
      loadSealedHistory({ sealingKey, index: new SealedHistoryIndex(), fetchPage, pageSize: 10, signal: stop.signal }),
    ).rejects.toThrow('signed out');
    const failing: FetchHistoryPage = async () => {
      throw new Error('503');
    };
    await expect(
      loadSealedHistory({ sealingKey, index: new SealedHistoryIndex(), fetchPage: failing }),
    ).rejects.toThrow('503');
  });
});
