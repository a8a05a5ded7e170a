import type { ClipDateRange, ClipTypeFilter } from '@clipsync/shared';

/**
 * One clip of the owner's history as the local index holds it: what the history's filters and search read. The
 * text is the opened one; a clip that did not open (or a link-encrypted one) is kept with `isReadable: false`, so
 * a list without search words still counts and shows it, as the server's does.
 */
export interface IndexedClip {
  id: string;
  /** ISO time, as the server answers it: the history's order (newest first, then id) and its date ranges. */
  createdAt: string;
  /** The stored text's version: an older text (a page fetched before a live update) never replaces a newer one. */
  version: number;
  text: string;
  /**
   * The clip's file names: a plain clip's from its answer; a sealed clip's are inside its sealed files, so the
   * caller gives them once read (empty until then: the clip is found by its text only).
   */
  fileNames: readonly string[];
  hasFiles: boolean;
  isFavorite: boolean;
  /** False for a clip this device could not open: found by no search word (the server's search skips it too). */
  isReadable: boolean;
}

export type IndexedClipChanges = Partial<Omit<IndexedClip, 'id' | 'createdAt'>>;

/** The history's filters (the list screens' `ClipFilters`, minus the words) and its page, 1-based. */
export interface HistorySearchOptions {
  type?: ClipTypeFilter;
  /** true: favourites only; false: all but favourites; null or absent: both. */
  favorite?: boolean | null;
  dateRange?: ClipDateRange;
  page: number;
  pageSize: number;
  /** The clock the date range is measured from (ms); tests set it. */
  now?: number;
}

export interface HistorySearchResult {
  /** The page's clip ids, newest first. */
  items: string[];
  /** Every match, exactly (the server caps a counted total; nothing here needs to). */
  total: number;
}

interface Entry {
  clip: IndexedClip;
  createdAtMs: number;
  /**
   * Lowercased copies kept beside the clip, so a search lowercases only its words: the text, and the names one
   * a line. Two strings rather than one joined copy: a joined one is a V8 cons string until first searched
   * (a flattening copy of the whole corpus inside the first search), and a term with a line break must be
   * looked for in the text alone anyway.
   */
  lowerText: string;
  lowerNames: string;
  /** No text and no files: a draft, which history leaves out (the server's `is_draft`). */
  isDraft: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<ClipDateRange, 'all'>, number> = { today: 0, week: 7, month: 30 };

/** The server's rule (apps/server clip-filters.ts): N whole days old or fewer, so created after now − (N + 1) days. */
function rangeStartMs(range: ClipDateRange | undefined, now: number): number {
  if (!range || range === 'all') return Number.NEGATIVE_INFINITY;
  return now - (RANGE_DAYS[range] + 1) * DAY_MS;
}

/** Milliseconds of an ISO time; an unreadable one sorts last, as the server's NULLS LAST. */
function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function entryOf(clip: IndexedClip): Entry {
  return {
    clip,
    createdAtMs: timeOf(clip.createdAt),
    lowerText: clip.isReadable ? clip.text.toLowerCase() : '',
    lowerNames: clip.isReadable ? clip.fileNames.join('\n').toLowerCase() : '',
    isDraft: clip.isReadable && clip.text === '' && !clip.hasFiles,
  };
}

/** History order: newer first, and between clips of the same time the greater id first (the server's `id desc`). */
const isBefore = (a: Entry, b: Entry) =>
  a.createdAtMs > b.createdAtMs || (a.createdAtMs === b.createdAtMs && a.clip.id > b.clip.id);

/**
 * The search over the decrypted history of an account whose clipboard is sealed (the server holds envelopes and
 * cannot search): the same matches, order and filters as the server's search of a plain account
 * (clip-history.service.ts), answered on the device. A term is the trimmed words, lowercased, found anywhere in
 * the text or in one file name; a term holding a line break is looked for in the text alone.
 *
 * Built for 20 000 clips and more: entries stay in history order (an insert is a binary search and one move),
 * each keeps its lowercased copies, and a search is one pass that allocates only the page's ids.
 */
export class SealedHistoryIndex {
  /** Newest first. */
  readonly #entries: Entry[] = [];
  readonly #byId = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  /**
   * Ids removed: never added again. A page read before a deletion can land after its event; ids are random and
   * never reused, so the set only grows by the deletions seen while the page is open.
   */
  readonly #removed = new Set<string>();
  #version = 0;

  get size(): number {
    return this.#entries.length;
  }

  /** One more with every change: a screen re-runs its search when it moves (`useSyncExternalStore`). */
  get version(): number {
    return this.#version;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  get(id: string): IndexedClip | undefined {
    return this.#byId.get(id)?.clip;
  }

  /**
   * Adds clips, or replaces those already held (a page read again, a clip opened again), one notification for
   * all. A held clip with a newer version keeps its text (the page that brought the older one was read before
   * the live update that brought it), and a removed one stays removed.
   */
  add(...clips: IndexedClip[]): void {
    let isChanged = false;
    for (const clip of clips) {
      const held = this.#byId.get(clip.id);
      if (this.#removed.has(clip.id) || (held && held.clip.version > clip.version)) continue;
      if (held) this.#take(held);
      this.#put(entryOf(clip));
      isChanged = true;
    }
    if (isChanged) this.#changed();
  }

  /** Changes a held clip (a live edit, a favourite, file names once read); false when it is not held. */
  update(id: string, changes: IndexedClipChanges): boolean {
    const held = this.#byId.get(id);
    if (!held) return false;
    if (changes.version !== undefined && changes.version < held.clip.version) return true;
    const entry = entryOf({ ...held.clip, ...changes });
    // Same time and id, so the same place: swapped in without moving anything.
    this.#entries[this.#positionOf(held)] = entry;
    this.#byId.set(id, entry);
    this.#changed();
    return true;
  }

  /** Removes a clip for good: a page read before its deletion does not bring it back. */
  remove(id: string): boolean {
    this.#removed.add(id);
    const held = this.#byId.get(id);
    if (!held) return false;
    this.#take(held);
    this.#changed();
    return true;
  }

  clear(): void {
    this.#entries.length = 0;
    this.#byId.clear();
    this.#changed();
  }

  search(query: string, options: HistorySearchOptions): HistorySearchResult {
    const term = query.trim().toLowerCase();
    const isTextOnly = /[\r\n]/.test(term);
    const { type = 'all', favorite = null, pageSize } = options;
    const since = rangeStartMs(options.dateRange, options.now ?? Date.now());
    const first = (Math.max(1, options.page) - 1) * pageSize;
    const end = first + pageSize;
    const items: string[] = [];
    let total = 0;
    const entries = this.#entries;
    for (let at = 0; at < entries.length; at++) {
      const entry = entries[at]!;
      // Newest first: past the range's start, every clip left is older still.
      if (entry.createdAtMs <= since) break;
      if (entry.isDraft) continue;
      const { clip } = entry;
      if (type === 'file' ? !clip.hasFiles : type === 'text' && clip.hasFiles) continue;
      if (favorite !== null && clip.isFavorite !== favorite) continue;
      if (
        term !== '' &&
        !entry.lowerText.includes(term) &&
        (isTextOnly || entry.lowerNames === '' || !entry.lowerNames.includes(term))
      ) {
        continue;
      }
      if (total >= first && total < end) items.push(clip.id);
      total += 1;
    }
    return { items, total };
  }

  #put(entry: Entry): void {
    const entries = this.#entries;
    const last = entries.at(-1);
    // A history load adds pages oldest last: each clip then goes at the end, without a search.
    if (!last || isBefore(last, entry)) entries.push(entry);
    else entries.splice(this.#insertionPoint(entry), 0, entry);
    this.#byId.set(entry.clip.id, entry);
  }

  #take(entry: Entry): void {
    this.#entries.splice(this.#positionOf(entry), 1);
    this.#byId.delete(entry.clip.id);
  }

  /** The first position whose entry comes after `entry` in history order. */
  #insertionPoint(entry: Entry): number {
    let low = 0;
    let high = this.#entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isBefore(this.#entries[middle]!, entry)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where a held entry is: the entry at its insertion point (ids are unique, so no other shares its place). */
  #positionOf(entry: Entry): number {
    const at = this.#insertionPoint(entry);
    if (this.#entries[at]?.clip.id !== entry.clip.id)
      throw new Error(`sealed history index lost clip ${entry.clip.id}`);
    return at;
  }

  #changed(): void {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }
}
