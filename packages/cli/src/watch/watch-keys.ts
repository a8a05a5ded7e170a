import type { ApiClient } from '../api-client';
import type { CliIo } from '../io';
import { accountClipboard, keptClipboard, type SealedClipboard } from '../sealed/clipboard';

/** What the watch's two directions need of a sealed account's key. */
export interface ClipKeys {
  /** The clipboard new clips are sealed with; null for a plain account. */
  forSending(): SealedClipboard | null;
  /** The account was sealed since the watch started (its server refused a plain clip): its kept key, else the locked error. */
  sealedNow(): Promise<SealedClipboard>;
  /** What opens the account's sealed clips and sends; the locked error when this machine has not unlocked. */
  forReading(): Promise<SealedClipboard>;
}

/**
 * The unlocked clipboard for the watch's lifetime: whether the account is sealed is asked once, at the start
 * (a sealed account on a machine that has not unlocked stops the watch there, with the locked message); the
 * sealing key then stays in memory, and each clip's wrapped key is opened once (SealedClipboard keeps them).
 */
export class WatchKeys implements ClipKeys {
  #clipboard: SealedClipboard | null = null;
  #kept: Promise<SealedClipboard> | null = null;

  constructor(
    private readonly io: Pick<CliIo, 'env' | 'platform' | 'homedir'>,
    private readonly client: ApiClient,
  ) {}

  async start(): Promise<void> {
    this.#clipboard = await accountClipboard(this.io, this.client);
  }

  forSending(): SealedClipboard | null {
    return this.#clipboard;
  }

  async sealedNow(): Promise<SealedClipboard> {
    this.#clipboard ??= await this.forReading();
    return this.#clipboard;
  }

  forReading(): Promise<SealedClipboard> {
    if (this.#clipboard) return Promise.resolve(this.#clipboard);
    // Read once; a failure is not kept, so a `clipsync unlock` run meanwhile is found at the next sealed clip.
    this.#kept ??= keptClipboard(this.io, this.client).catch((error: unknown) => {
      this.#kept = null;
      throw error;
    });
    return this.#kept;
  }
}
