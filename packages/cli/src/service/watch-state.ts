import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { configDirectory } from '../config';
import type { CliIo } from '../io';
import { writePrivateFile } from './private-file';

/** What the watch run as a service leaves for `--status`: when it last synced, and its last problem. */
export const WatchState = z.object({
  lastSyncAt: z.iso.datetime().nullable(),
  lastError: z.object({ at: z.iso.datetime(), message: z.string() }).nullable(),
});
export type WatchState = z.infer<typeof WatchState>;

export const WATCH_STATE_FILE_NAME = 'watch-state.json';

export const watchStatePath = (io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): string =>
  join(configDirectory(io), WATCH_STATE_FILE_NAME);

/** The state file, or null when there is none or it is not ours (it is only ever shown). */
export async function readWatchState(io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): Promise<WatchState | null> {
  try {
    const parsed = WatchState.safeParse(JSON.parse(await readFile(watchStatePath(io), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the state file as the watch goes: writes one at a time, in order, each the whole state (0600: an
 * error may quote a server's words). A write that fails is let go: the watch matters more than its record.
 */
export class WatchStateWriter {
  #state: WatchState = { lastSyncAt: null, lastError: null };
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  synced(): Promise<void> {
    return this.#write({ ...this.#state, lastSyncAt: this.now().toISOString() });
  }

  failed(message: string): Promise<void> {
    return this.#write({ ...this.#state, lastError: { at: this.now().toISOString(), message } });
  }

  /** Resolves once every write asked so far is done. */
  settled(): Promise<void> {
    return this.#queue;
  }

  #write(state: WatchState): Promise<void> {
    this.#state = state;
    this.#queue = this.#queue.then(() => writePrivateFile(this.path, `${JSON.stringify(state)}\n`)).catch(() => {});
    return this.#queue;
  }
}
