import { channels, type ClientToServerEvents, type SocketAck, type TokenScope } from '@clipsync/shared';
import { requireScope } from '../lib/actor';
import { AppError } from '../lib/app-error';
import type { RealtimeSocket } from './types';

/**
 * The scope a personal access token needs for each socket event, as the endpoint table names one for each
 * HTTP call: a new event fails to compile until it is given one here.
 */
const EVENT_SCOPES: Record<keyof ClientToServerEvents, TokenScope> = {
  'clip:join': 'clips:read',
  'clip:leave': 'clips:read',
  'clip-content-update': 'clips:write',
  'clip-files-update': 'clips:write',
  'room:join': 'rooms',
  'room:leave': 'rooms',
  'room:link:watch': 'rooms',
  'room:link:unwatch': 'rooms',
  'join:desktop:network': 'desktop',
  'leave:desktop:network': 'desktop',
  'desktop:item:created': 'desktop',
  'desktop:item:updated': 'desktop',
  'desktop:item:deleted': 'desktop',
  'lan:host:announce': 'desktop',
  'lan:host:update': 'desktop',
  'lan:host:stop': 'desktop',
  'lan:peer:connect': 'desktop',
  'lan:discover:request_peers': 'desktop',
  'lan:near:signal': 'desktop',
  'lan:near:challenge': 'desktop',
  'lan:near:answer': 'desktop',
  'device:send-ack': 'clips:read',
  // A token passes this check with clips:write, then the nearness service refuses every token (browsers only).
  'near:signal': 'clips:write',
};

const scopeOfEvent = (name: unknown): TokenScope | undefined =>
  typeof name === 'string' && Object.hasOwn(EVENT_SCOPES, name)
    ? EVENT_SCOPES[name as keyof ClientToServerEvents]
    : undefined;

/**
 * Refuses, before any handler runs, an event the socket's personal token has no scope for: its ack (the
 * packet's last argument) carries 403 INSUFFICIENT_SCOPE as an HTTP call would. Sessions pass untouched.
 */
export function limitEventsToScopes(socket: RealtimeSocket): void {
  socket.use((packet, next) => {
    const { actor } = socket.data;
    if (!actor?.scopes) return next();
    try {
      requireScope(actor, scopeOfEvent(packet[0]));
      next();
    } catch (error) {
      const refusal = error instanceof AppError ? error : new AppError('FORBIDDEN');
      const ack = packet[packet.length - 1] as unknown;
      if (typeof ack === 'function') {
        (ack as SocketAck)({ ok: false, error: refusal.message, code: refusal.code });
      }
    }
  });
}

/**
 * The channels of its user a signed-in socket hears: the user's own (rooms it loses) for a session or a token
 * with `rooms`, and the clips one (every saved clip's content) only for a session or a token with `clips:read`.
 */
export function userChannelsOf(userId: string, scopes: readonly TokenScope[] | undefined): string[] {
  const hears = (scope: TokenScope) => !scopes || scopes.includes(scope);
  return [
    ...(hears('rooms') || hears('clips:read') ? [channels.user(userId)] : []),
    ...(hears('clips:read') ? [channels.userClips(userId)] : []),
  ];
}
