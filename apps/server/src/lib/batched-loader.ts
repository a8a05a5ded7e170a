/**
 * Gathers the keys asked for during one turn of the event loop and loads them with one call.
 *
 * Under load several requests become readable at once, and each reaches its first query before the next
 * is parsed. Loaded together, they share one database round trip instead of paying one each: the write
 * that wakes the database, its parse and its execution. That is most of what a hot, tiny query costs. The
 * batch goes out from `setImmediate`, right after the loop has handled the I/O that was ready, so a lone
 * request waits for nothing but the callbacks already queued.
 *
 * `loadMany` answers with one value per key, in the keys' order. If it fails, every caller of that batch
 * gets its error. A batch holds at most `maxBatch` keys; the next key starts another.
 */
export function createBatchedLoader<Key, Value>(
  loadMany: (keys: readonly Key[]) => Promise<readonly Value[]>,
  maxBatch = 256,
): (key: Key) => Promise<Value> {
  let batch: { key: Key; resolve: (value: Value) => void; reject: (error: unknown) => void }[] = [];

  async function flush() {
    const callers = batch;
    if (callers.length === 0) return;
    batch = [];
    try {
      const values = await loadMany(callers.map((caller) => caller.key));
      if (values.length !== callers.length) {
        throw new Error(`batched load answered ${values.length} values for ${callers.length} keys`);
      }
      callers.forEach((caller, index) => caller.resolve(values[index] as Value));
    } catch (error) {
      for (const caller of callers) caller.reject(error);
    }
  }

  return (key) =>
    new Promise<Value>((resolve, reject) => {
      if (batch.length === 0) setImmediate(() => void flush());
      batch.push({ key, resolve, reject });
      if (batch.length >= maxBatch) void flush();
    });
}
