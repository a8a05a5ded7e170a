import { EventEmitter } from 'node:events';
import type { ClipFileSummary } from '@clipsync/shared';

/**
 * Domain events: services emit these after their write commits; realtime/broadcaster.ts alone decides
 * which socket channels hear them (ARCHITECTURE §2 rule 6). Areas add their events as they land.
 */
export interface DomainEventMap {
  'clip.content-saved': { clipId: string; ownerId: string; content: string; files: ClipFileSummary[] };
  'clip.files-changed': { clipId: string; ownerId: string; content: string; files: ClipFileSummary[] };
  'clip.deleted': { clipId: string; ownerId: string };
  /** Logout, refresh-token reuse or a password reset: the session's sockets are closed at once. */
  'session.revoked': { sessionId: string };
}

export class DomainEvents {
  readonly #emitter = new EventEmitter();

  emit<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): void {
    this.#emitter.emit(name, payload);
  }

  on<K extends keyof DomainEventMap>(name: K, listener: (payload: DomainEventMap[K]) => void): () => void {
    this.#emitter.on(name, listener);
    return () => this.#emitter.off(name, listener);
  }
}
