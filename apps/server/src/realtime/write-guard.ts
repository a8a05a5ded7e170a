import { AppError } from '../lib/app-error';
import type { RealtimeSocket } from './types';

export interface WriteGuardOptions {
  isSessionActive: (sessionId: string) => Promise<boolean>;
  /** How long a session found live is trusted before it is looked up again. */
  sessionCacheMs: number;
  /** Live-update writes per user: a burst of `burst`, refilled at `perSecond`. */
  budget: { burst: number; perSecond: number };
}

/** Above this many remembered users or sessions, stale entries are dropped (bounded memory). */
const MAX_TRACKED = 10_000;

/**
 * Checks a socket's right to write before a handler runs: its session is still live (a revoked session
 * loses its writes within `sessionCacheMs` even if its socket lingers) and its user is within the write
 * budget. Throws AppError, which the socket handler turns into an error ack; the socket stays open (an
 * ended session's sockets are closed by its revocation event and by their token's expiry).
 */
export function createWriteGuard(options: WriteGuardOptions): (socket: RealtimeSocket) => Promise<void> {
  const liveUntil = new Map<string, number>();
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();

  const isLive = async (sessionId: string) => {
    const now = Date.now();
    if ((liveUntil.get(sessionId) ?? 0) > now) return true;
    if (!(await options.isSessionActive(sessionId))) return false;
    if (liveUntil.size > MAX_TRACKED) liveUntil.clear();
    liveUntil.set(sessionId, now + options.sessionCacheMs);
    return true;
  };

  const takeToken = (userId: string) => {
    const now = Date.now();
    const { burst, perSecond } = options.budget;
    const bucket = buckets.get(userId) ?? { tokens: burst, updatedAt: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * perSecond);
    bucket.updatedAt = now;
    if (buckets.size > MAX_TRACKED) buckets.clear();
    buckets.set(userId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };

  return async (socket) => {
    const { actor } = socket.data;
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (actor.expiresAt * 1000 <= Date.now() || !(await isLive(actor.sessionId))) {
      throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
    }
    if (!takeToken(actor.userId)) {
      throw new AppError('RATE_LIMITED', 'Too many live updates. Please slow down.');
    }
  };
}
