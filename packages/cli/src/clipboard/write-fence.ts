/**
 * Keeps a backend's reads from reporting what the clipboard held before the watcher's own write: a read that
 * overlapped a write may have been answered by the old owner, and that old content would pass for a new copy
 * (the watcher has already noted the new one as what the clipboard holds). Such a read is done again after
 * the write.
 */
export class WriteFence {
  #writes = 0;
  #current: Promise<unknown> = Promise.resolve();

  async read<T>(readOnce: () => Promise<T>): Promise<T> {
    for (;;) {
      await this.#current;
      const startedAt = this.#writes;
      const result = await readOnce();
      if (startedAt === this.#writes) return result;
    }
  }

  write(run: () => Promise<void>): Promise<void> {
    this.#writes += 1;
    const written = this.#current.then(run);
    this.#current = written.catch(() => undefined);
    return written;
  }
}
