import { DEVICE_LAST_SEEN_WRITE_MS } from '@clipsync/shared';
import type { DevicesContext } from '../devices.context';
import { noteHttpUse } from './devices.service';

/** Sessions remembered at most; the one written longest ago goes first. */
const REMEMBERED_MAX = 10_000;

/**
 * A device's last seen from its HTTP calls, never a write per request: each node tries at most once a
 * minute per session (the map), and the UPDATE itself matches only a device not written within the minute,
 * so several nodes write it once too. Off the request's path; a failure is logged.
 */
export function createHttpLastSeen(ctx: DevicesContext): (sessionId: string) => void {
  const lastTried = new Map<string, number>();
  return (sessionId) => {
    const now = Date.now();
    if (now - (lastTried.get(sessionId) ?? 0) < DEVICE_LAST_SEEN_WRITE_MS) return;
    lastTried.delete(sessionId);
    lastTried.set(sessionId, now);
    if (lastTried.size > REMEMBERED_MAX) lastTried.delete(lastTried.keys().next().value as string);
    noteHttpUse(ctx, sessionId, DEVICE_LAST_SEEN_WRITE_MS).catch((error: unknown) =>
      ctx.log.warn({ err: error }, "a device's last seen could not be written"),
    );
  };
}
