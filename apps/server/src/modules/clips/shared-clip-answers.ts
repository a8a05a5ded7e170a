import type { Clip } from '@clipsync/shared';
import type { DomainEvents } from '../../lib/domain-events';
import { VersionedCache } from '../../lib/versioned-cache';

/** What a signed-out reader of an open, unprotected, unexpiring clip is answered, and whose plan it needs. */
export interface SharedClipAnswer {
  clip: Clip & { ownerName: string };
  ownerId: string;
}

/**
 * What the remembered texts may weigh together: a link opened by many is a few KB, and 2 000 of the largest
 * clips (32 MB each) would be far too much for a small machine. Each answer is held twice (the object and its
 * encoded bytes, beside their compressed forms), so the memory it stands for is about three times this.
 */
const ANSWERS_MAX_TEXT_BYTES = 32 * 1024 * 1024;

const ANSWERS = {
  maxGroups: 2_000,
  maxKeysPerGroup: 1,
  // Nothing in the answer ages (no signed link: a clip that needs grants is never remembered); the bound is
  // only there so a clip read once does not stay for the life of the process.
  maxAgeMs: 10 * 60 * 1000,
  weigh: (answer: SharedClipAnswer) => answer.clip.content.length,
  maxWeight: ANSWERS_MAX_TEXT_BYTES,
};
const SIGNED_OUT = 'signed-out';

/**
 * The answer a clip's link gives to everyone signed out, remembered per clip, so that a link opened by
 * hundreds costs no SQL. Only where this process owns the data (the embedded database: one process per
 * DATA_DIR), so that every change is heard here, as a domain event after its commit or a `forget` by the
 * service that made it; the clip's group is dropped at once. An account deleted (its clips with it) or
 * disabled drops every answer: it is rare, and the answers do not say whose they are in a way a lookup could
 * use.
 *
 * A read that began before a change and ends after it must not store what it read: `begin()` marks the
 * count of changes heard, and `remember` stores only when none was heard in between.
 */
export class SharedClipAnswers {
  readonly #cache = new VersionedCache<SharedClipAnswer>(ANSWERS);
  /** Bumped by a change of an account: every answer's version at once. */
  #generation = 0;
  #changesHeard = 0;

  constructor(events: DomainEvents) {
    const forget = ({ clipId }: { clipId: string }) => this.forget(clipId);
    events.on('clip.content-saved', forget);
    events.on('clip.files-changed', forget);
    events.on('clip.deleted', forget);
    events.on('clip.share-revoked', forget);
    events.on('moderation.item-taken-down', (event) => {
      if (event.kind === 'clip') this.forget(event.itemId);
    });
    events.on('account.deleted', () => this.forgetAll());
    // Its links answer as taken down from now on (clip-access.ts), which no remembered answer knows.
    events.on('account.disabled', () => this.forgetAll());
  }

  /** A clip's link id is its own id whenever its answer is remembered (needsGrantForFiles is false). */
  get(clipId: string): SharedClipAnswer | undefined {
    return this.#cache.get(clipId, SIGNED_OUT, String(this.#generation));
  }

  begin(): number {
    return this.#changesHeard;
  }

  remember(clipId: string, readSince: number, answer: SharedClipAnswer): void {
    if (readSince === this.#changesHeard) this.#cache.set(clipId, SIGNED_OUT, String(this.#generation), answer);
  }

  forget(clipId: string): void {
    this.#changesHeard++;
    this.#cache.forget(clipId);
  }

  forgetAll(): void {
    this.#changesHeard++;
    this.#generation++;
  }
}
