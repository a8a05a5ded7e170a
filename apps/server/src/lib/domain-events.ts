/**
 * Domain events: services emit these after their write commits, and other areas listen (a cache forgets, a push is
 * sent, a socket channel is told). Each area declares its own events where it lives (`<area>.events.ts`, by
 * augmenting `DomainEventMap`) and its socket messages in its module's `broadcasts` (modules/define-module.ts);
 * this file holds only the events of the session layer below every area.
 */
export interface DomainEventMap {
  /**
   * Logout, refresh-token reuse, a password reset or a disabled account: the session's sockets are closed at
   * once. `reason` is the one stored with the session (`account_disabled` is told to its sockets first).
   */
  'session.revoked': { sessionId: string; reason?: string };
  /**
   * A signed-in HTTP call was made with this session (a browser's or a token's). Told by the authenticate
   * plugin on every such call, not after a write: its listeners keep their own pace (a device's last seen).
   */
  'session.used': { sessionId: string; userId: string };
}

export type EventName = keyof DomainEventMap;
type Listener<K extends EventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

export class DomainEvents {
  readonly #listeners = new Map<EventName, Set<Listener<never>>>();

  /**
   * @param onListenerError hears what a listener threw (or rejected with): the write that emitted the
   * event has already happened, so a failing listener is logged, never the request's failure.
   */
  constructor(private readonly onListenerError: (error: unknown, event: EventName) => void) {}

  emit<K extends EventName>(name: K, payload: DomainEventMap[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        const result = (listener as Listener<K>)(payload);
        if (result instanceof Promise) result.catch((error: unknown) => this.onListenerError(error, name));
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }

  on<K extends EventName>(name: K, listener: Listener<K>): () => void {
    const listeners = this.#listeners.get(name) ?? new Set();
    listeners.add(listener as Listener<never>);
    this.#listeners.set(name, listeners);
    return () => listeners.delete(listener as Listener<never>);
  }
}
