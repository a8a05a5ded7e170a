import type { RealtimeSocket } from '../realtime/socket-client';

type Listener = (...args: never[]) => void;

/** A stand-in for a Socket.IO client socket: records emits, lets a test fire server events. */
export class FakeSocket {
  connected = false;
  active = false;
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  connect() {
    this.active = true;
    this.connected = true;
    this.fire('connect');
    return this;
  }

  disconnect() {
    this.active = false;
    this.connected = false;
    this.fire('disconnect');
    return this;
  }

  /** Delivers an event as if the server (or Socket.IO itself) had raised it. */
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => (listener as (...values: unknown[]) => void)(...args));
  }

  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }

  asSocket() {
    return this as unknown as RealtimeSocket;
  }
}
