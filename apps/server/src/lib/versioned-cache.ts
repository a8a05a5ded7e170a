/**
 * Answers remembered per group (a room, a desktop) and key (who asked, with which filters), each under the
 * version of the group it was built from. A read names the version it has just seen in the database, so
 * an answer built before any change is never served after it, on whichever node the change was made;
 * `forget` drops a group at once when this node hears of a change. Bounded in groups and in age (signed
 * links inside an answer stay far from expiry).
 */
export interface VersionedCacheOptions {
  /** Groups remembered at most; the one stored longest ago is dropped first. */
  maxGroups: number;
  /** Keys remembered per group at most. */
  maxKeysPerGroup: number;
  maxAgeMs: number;
  now?: () => number;
}

interface Entry<V> {
  version: string;
  value: V;
  storedAt: number;
}

export class VersionedCache<V> {
  readonly #groups = new Map<string, Map<string, Entry<V>>>();
  readonly #now: () => number;

  constructor(private readonly options: VersionedCacheOptions) {
    this.#now = options.now ?? Date.now;
  }

  get(group: string, key: string, version: string): V | undefined {
    const entry = this.#groups.get(group)?.get(key);
    if (!entry || entry.version !== version || this.#now() - entry.storedAt > this.options.maxAgeMs) return undefined;
    return entry.value;
  }

  set(group: string, key: string, version: string, value: V): void {
    let entries = this.#groups.get(group);
    if (!entries) {
      entries = new Map();
      this.#groups.set(group, entries);
      if (this.#groups.size > this.options.maxGroups) this.#dropOldest(this.#groups);
    }
    entries.delete(key);
    entries.set(key, { version, value, storedAt: this.#now() });
    if (entries.size > this.options.maxKeysPerGroup) this.#dropOldest(entries);
  }

  forget(group: string): void {
    this.#groups.delete(group);
  }

  /** Maps iterate in insertion order: the first key is the oldest. */
  #dropOldest(map: Map<string, unknown>): void {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
