/** How many of its own clips and writes the watcher remembers: enough for any burst, bounded for a long run. */
const REMEMBERED = 64;

/**
 * The loop rules of `watch`, kept apart so they can be tested alone:
 * - what the watcher wrote into the clipboard is never sent back when the clipboard is next read;
 * - a clip the watcher created is never written back into the clipboard it came from, including when the
 *   server's `clip-created` overtakes the answer to the POST that made it (the content is then recognised).
 * Two watchers and one copy therefore make one clip: the copying side sends it and ignores its echo; the
 * other writes it and ignores what it wrote.
 */
export class EchoGuard {
  /** Content keys written into the clipboard since the user last copied something themselves. */
  readonly #written = new Set<string>();
  /** Content keys on their way to the server, their clip id not known yet. */
  readonly #sending = new Map<string, number>();
  readonly #ownClips = new Set<string>();

  /** About to write this into the clipboard (marked first, so a read racing the write sees it as ours). */
  writing(key: string): void {
    remember(this.#written, key);
  }

  /** Whether a content read from the clipboard is one the watcher put there. */
  isOwnWrite(key: string): boolean {
    return this.#written.has(key);
  }

  /**
   * The user copied something of their own: what the watcher wrote earlier is gone from the clipboard, so
   * copying it again later is the user's copy and is sent.
   */
  userCopied(): void {
    this.#written.clear();
  }

  sending(key: string): void {
    this.#sending.set(key, (this.#sending.get(key) ?? 0) + 1);
  }

  /** The send ended: with the clip it made, or without one (refused, or the network failed). */
  sent(key: string, clipId: string | null): void {
    const left = (this.#sending.get(key) ?? 1) - 1;
    if (left > 0) this.#sending.set(key, left);
    else this.#sending.delete(key);
    if (clipId) remember(this.#ownClips, clipId);
  }

  /** Whether a clip the server announces is one this watcher made (by id, or by content while its POST is out). */
  isOwnClip(clipId: string, key: string | null): boolean {
    return this.#ownClips.has(clipId) || (key !== null && this.#sending.has(key));
  }

  /** Marks a clip as this watcher's once its id is known (the image's clip, before its file is uploaded). */
  ownClip(clipId: string): void {
    remember(this.#ownClips, clipId);
  }
}

function remember(set: Set<string>, value: string): void {
  set.delete(value);
  set.add(value);
  if (set.size > REMEMBERED) set.delete(set.values().next().value as string);
}
