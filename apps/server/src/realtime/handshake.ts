import { SocketHandshakeAuth } from '@clipsync/shared';
import type { IncomingMessage } from 'node:http';
import { verifyAccessToken } from '../modules/auth/access-token';
import type { RealtimeSocket } from './types';

/** Socket.IO's `allowRequest`: only the app's own origin may open a socket (no cross-site hijacking). */
export function createOriginCheck(publicUrl: string) {
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const origin = request.headers.origin;
    // Non-browser clients (CLI, tests) send no Origin; browsers always do, so a foreign page is refused.
    const isAllowed = origin === undefined || origin === publicUrl;
    callback(isAllowed ? null : 'Origin not allowed', isAllowed);
  };
}

class HandshakeError extends Error {
  readonly data: { code: string };
  constructor(code: string, message: string) {
    super(message);
    this.data = { code };
  }
}

/** The optional access token of `auth: { token }`: absent means a signed-out viewer, invalid is refused. */
export function createHandshakeAuth(jwtSecret: string, isSessionActive: (sessionId: string) => Promise<boolean>) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void) => {
    const parsed = SocketHandshakeAuth.safeParse(socket.handshake.auth ?? {});
    if (!parsed.success) return next(new HandshakeError('VALIDATION_FAILED', 'Invalid handshake'));
    const { token } = parsed.data;
    if (!token) {
      socket.data.actor = null;
      return next();
    }
    const claims = await verifyAccessToken(jwtSecret, token).catch(() => null);
    if (!claims || !(await isSessionActive(claims.sessionId))) {
      return next(new HandshakeError('UNAUTHORIZED', 'Invalid or expired access token'));
    }
    socket.data.actor = claims;
    next();
  };
}
