/**
 * Answers remembered per group (a room, a desktop) and key (who asked, with which filters), each under the
 * version of the group it was built from. A read names the version it has just seen in the database, so
 * an answer built before any change is never served after it, on whichever node the change was made;
 * `forget` drops a group at once when this node hears of a change. Bounded in groups and in age (signed
 * links inside an answer stay far from expiry), and, given `weigh`, in what its answers weigh together:
 * an answer may carry up to 32 MB of text, so a count alone would not bound the memory they hold.
 */
export interface VersionedCacheOptions<V> {
  /** Groups remembered at most; the one stored longest ago is dropped first. */
  maxGroups: number;
  /** Keys remembered per group at most. */
  maxKeysPerGroup: number;
  maxAgeMs: number;
  /** What an answer weighs (e.g. its text's length); the oldest groups go while the total is over `maxWeight`. */
  weigh?: (value: V) => number;
  /** An answer heavier than this on its own is not kept. */
  maxWeight?: number;
  now?: () => number;
}

interface Entry<V> {
  version: string;
  value: V;
  storedAt: number;
  weight: number;
}

export class VersionedCache<V> {
  readonly #groups = new Map<string, Map<string, Entry<V>>>();
  readonly #now: () => number;
  #weight = 0;

  constructor(private readonly options: VersionedCacheOptions<V>) {
    this.#now = options.now ?? Date.now;
  }

  get(group: string, key: string, version: string): V | undefined {
    const entry = this.#groups.get(group)?.get(key);
    if (!entry || entry.version !== version || this.#now() - entry.storedAt > this.options.maxAgeMs) return undefined;
    return entry.value;
  }

  set(group: string, key: string, version: string, value: V): void {
    const weight = this.options.weigh?.(value) ?? 0;
    const maxWeight = this.options.maxWeight ?? Infinity;
    let entries = this.#groups.get(group);
    if (entries) this.#drop(entries, key);
    if (weight > maxWeight) return;
    if (!entries) {
      entries = new Map();
      this.#groups.set(group, entries);
      if (this.#groups.size > this.options.maxGroups) this.#dropOldestGroup();
    }
    entries.set(key, { version, value, storedAt: this.#now(), weight });
    this.#weight += weight;
    if (entries.size > this.options.maxKeysPerGroup) this.#drop(entries, entries.keys().next().value);
    while (this.#weight > maxWeight && this.#groups.size > 0) this.#dropOldestGroup();
  }

  forget(group: string): void {
    const entries = this.#groups.get(group);
    if (entries) this.#dropGroup(group, entries);
  }

  /** Maps iterate in insertion order: the first group is the oldest. */
  #dropOldestGroup(): void {
    const oldest = this.#groups.entries().next();
    if (!oldest.done) this.#dropGroup(...oldest.value);
  }

  #dropGroup(group: string, entries: Map<string, Entry<V>>): void {
    for (const entry of entries.values()) this.#weight -= entry.weight;
    this.#groups.delete(group);
  }

  #drop(entries: Map<string, Entry<V>>, key: string | undefined): void {
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry || key === undefined) return;
    this.#weight -= entry.weight;
    entries.delete(key);
  }
}
