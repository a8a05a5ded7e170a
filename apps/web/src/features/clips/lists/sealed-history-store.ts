import type { Clip } from '@clipsync/shared';
import { clipsApi } from '../../../api/clips-api';
import { NO_FILTERS } from '../../../lib/clip-filters';
import { loadSealedHistory, type SealedHistoryProgress } from '../../../lib/sealed-history/load-sealed-history';
import { SealedHistoryIndex } from '../../../lib/sealed-history/sealed-history-index';

/**
 * The owner's history opened on this device, for searching a sealed clipboard (the server holds envelopes it
 * cannot search): one for the page, kept across the list screens, dropped with the sealing key (a lock or a
 * sign-out) since it holds plaintext. A refresh reads the history again into a fresh index and swaps it in when
 * done, the last results staying on screen meanwhile; the first load's results come as it goes.
 */
export interface SealedHistoryView {
  index: SealedHistoryIndex;
  /** The clips as the server answered them (a sealed one's content is its envelope: cards open it themselves). */
  clips: ReadonlyMap<string, Clip>;
  progress: SealedHistoryProgress | null;
  isLoading: boolean;
  hasFailed: boolean;
}

interface SealedHistory extends SealedHistoryView {
  sealingKey: CryptoKey;
  clips: Map<string, Clip>;
  abort: AbortController;
}

let current: SealedHistory | null = null;
let view: SealedHistoryView | null = null;
const listeners = new Set<() => void>();

function publish(): void {
  view = current && { ...current };
  for (const listener of listeners) listener();
}

export const sealedHistoryStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** For `useSyncExternalStore`: the same object until something changes. */
  snapshot: (): SealedHistoryView | null => view,

  /** Reads the history for `sealingKey` (again, when asked while none is under way). */
  refresh(sealingKey: CryptoKey): void {
    if (current?.sealingKey !== sealingKey) this.drop();
    if (current?.isLoading) return;
    const history: SealedHistory = current ?? {
      sealingKey,
      index: new SealedHistoryIndex(),
      clips: new Map(),
      progress: null,
      isLoading: false,
      hasFailed: false,
      abort: new AbortController(),
    };
    current = history;
    const isFirst = history.progress === null;
    const index = isFirst ? history.index : new SealedHistoryIndex();
    // The first load's index is the one shown, so results come page by page; a refresh's is swapped in at the end.
    const unsubscribe = isFirst ? index.subscribe(publish) : () => undefined;
    history.isLoading = true;
    history.hasFailed = false;
    publish();
    loadSealedHistory({
      sealingKey,
      index,
      fetchPage: (page) => clipsApi.history(NO_FILTERS, page),
      signal: history.abort.signal,
      onOpened: (opened) => opened.forEach(({ clip }) => history.clips.set(clip.id, clip)),
      onProgress: (progress) => {
        history.progress = progress;
        publish();
      },
    }).then(
      () => {
        unsubscribe();
        if (current !== history) return;
        if (!isFirst) {
          history.index.clear();
          history.index = index;
        }
        history.isLoading = false;
        publish();
      },
      () => {
        unsubscribe();
        if (current !== history) return;
        history.isLoading = false;
        history.hasFailed = true;
        publish();
      },
    );
  },

  /** Forgets the opened history (locked, signed out, another account's key). */
  drop(): void {
    if (!current) return;
    current.abort.abort();
    current.index.clear();
    current.clips.clear();
    current = null;
    publish();
  },
};
