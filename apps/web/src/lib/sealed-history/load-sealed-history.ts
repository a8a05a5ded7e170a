import type { Clip } from '@clipsync/shared';
import type { ClipKeyCache } from '../clipboard-key/clip-keys';
import { openSealedClip, type OpenedClip } from './open-sealed-clip';
import type { IndexedClip, SealedHistoryIndex } from './sealed-history-index';

/** A page of the owner's history, newest first, as `clipsApi.history(NO_FILTERS, page)` answers it. */
export interface HistoryPage {
  clips: Clip[];
  total: number;
}

/**
 * How the load reads the history: lib/ calls no endpoint itself, so the screen passes the list call,
 * `(page) => clipsApi.history(NO_FILTERS, page)` (GET /api/clipboard/history, newest first).
 */
export type FetchHistoryPage = (page: { limit: number; offset: number }) => Promise<HistoryPage>;

export interface SealedHistoryProgress {
  /** Clips read and indexed so far (opened or not). */
  loaded: number;
  /** The history's size as the last page counted it: it moves if clips are made or deleted meanwhile. */
  total: number;
  /** Of `loaded`, the sealed clips that did not open: listed, found by no search. */
  failed: number;
}

export interface LoadSealedHistoryOptions {
  sealingKey: CryptoKey;
  index: SealedHistoryIndex;
  fetchPage: FetchHistoryPage;
  /** The list's most per call (ClipHistoryQuery's `limit`). */
  pageSize?: number;
  onProgress?: (progress: SealedHistoryProgress) => void;
  /**
   * Each page's clips as opened (their keys open their files and make their links), for the screen's cache; a
   * clip read again is told again only when it changed.
   */
  onOpened?: (clips: OpenedClip[]) => void;
  signal?: AbortSignal;
  keyCache?: ClipKeyCache;
}

const LIST_MAX = 100;
/**
 * Clips each page reads again of the one before: the list pages by offset, and a clip deleted meanwhile moves
 * every older one up, so a page that met none of the last one's clips may have skipped some and is read again
 * further back. 5 % more reading at 100 a page; a clip read again is not opened again unless it changed.
 */
const OVERLAP = 5;

/** The index's record of an opened (or failed) clip; `fileNames` of a sealed one as far as the caller knows them. */
export function indexedClipOf(opened: OpenedClip, fileNames: readonly string[] = []): IndexedClip {
  const { clip } = opened;
  return {
    id: clip.id,
    createdAt: clip.createdAt,
    version: clip.version,
    text: opened.isOpen ? opened.text : '',
    fileNames: clip.encrypted ? fileNames : clip.files.map((file) => file.name),
    hasFiles: clip.files.length > 0,
    isFavorite: clip.isFavorite,
    isReadable: opened.isOpen,
  };
}

/**
 * Reads the owner's whole history page by page, opens each clip on the device and adds it to the index, with
 * progress after each page; the next page is fetched while this one is being opened. Live updates keep the
 * index current meanwhile and after (live-updates.ts): a clip made during the load is added by its event and
 * met again by a later page (held once, the newer version kept). Resolves with the last progress; rejects with
 * the signal's reason when aborted, or with the list call's error.
 */
export async function loadSealedHistory(options: LoadSealedHistoryOptions): Promise<SealedHistoryProgress> {
  const { sealingKey, index, fetchPage, onProgress, onOpened, signal, keyCache } = options;
  const limit = Math.max(2, Math.min(options.pageSize ?? LIST_MAX, LIST_MAX));
  const overlap = Math.max(1, Math.min(OVERLAP, Math.floor(limit / 4)));
  const progress: SealedHistoryProgress = { loaded: 0, total: 0, failed: 0 };
  /** Version each clip was opened at. */
  const opened = new Map<string, number>();
  const failed = new Set<string>();
  let previousIds: ReadonlySet<string> | null = null;
  const fetchAt = (offset: number) => {
    const answer = fetchPage({ limit, offset });
    // Fetched ahead: an abort in between must not leave its failure unhandled.
    answer.catch(() => undefined);
    return { offset, answer };
  };
  signal?.throwIfAborted();
  let next = fetchAt(0);
  for (;;) {
    const { offset, answer } = next;
    const page = await answer;
    signal?.throwIfAborted();
    const isContinuous = previousIds === null || offset === 0 || page.clips.some((clip) => previousIds!.has(clip.id));
    if (!isContinuous) {
      next = fetchAt(Math.max(0, offset - (limit - overlap)));
      continue;
    }
    const isLast = page.clips.length < limit;
    if (!isLast) next = fetchAt(offset + limit - overlap);
    const changed = page.clips.filter((clip) => {
      const openedVersion = opened.get(clip.id);
      return openedVersion === undefined || openedVersion < clip.version;
    });
    const clips = await Promise.all(changed.map((clip) => openSealedClip(clip, sealingKey, keyCache)));
    signal?.throwIfAborted();
    index.add(...clips.map((clip) => indexedClipOf(clip, index.get(clip.clip.id)?.fileNames)));
    // Not a clip deleted meanwhile (the index refused it): the screen's cache would keep it for nothing.
    const held = clips.filter((clip) => index.has(clip.clip.id));
    if (held.length > 0) onOpened?.(held);
    for (const clip of clips) {
      opened.set(clip.clip.id, clip.clip.version);
      if (clip.isOpen) failed.delete(clip.clip.id);
      else failed.add(clip.clip.id);
    }
    progress.loaded = opened.size;
    progress.failed = failed.size;
    previousIds = new Set(page.clips.map((clip) => clip.id));
    progress.total = Math.max(page.total, progress.loaded);
    onProgress?.({ ...progress });
    if (isLast) return progress;
  }
}
