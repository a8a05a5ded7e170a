import { PERSONAL_TOKEN_PREFIX, SocketHandshakeAuth } from '@clipsync/shared';
import type { IncomingMessage } from 'node:http';
import { verifyAccessToken } from '../lib/access-token';
import type { SignedInActor } from '../lib/actor';
import type { RequestOrigins } from '../lib/request-origins';
import type { RealtimeSocket } from './types';

/**
 * Socket.IO's `allowRequest`: a page of the app itself, at whatever address the browser reached it
 * (localhost, 127.0.0.1, the machine's LAN address for a phone), or PUBLIC_URL, or an ALLOWED_ORIGINS
 * entry, may open a socket; a page of another site may not (no cross-site socket hijacking), nor one that
 * reached this server by a name it does not answer to (DNS rebinding; lib/request-origins.ts).
 */
export function createOriginCheck(origins: RequestOrigins) {
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const { host, origin } = request.headers;
    // Non-browser clients (CLI, tests) send no Origin; browsers always do, so a foreign page is refused.
    const isAllowed = origins.isTrustedHost(host) && (origin === undefined || origins.isAllowedOrigin(origin, host));
    callback(isAllowed ? null : 'Origin not allowed', isAllowed);
  };
}

export class HandshakeError extends Error {
  readonly data: { code: string };
  constructor(code: string, message: string) {
    super(message);
    this.data = { code };
  }
}

/**
 * The optional token of `auth: { token }` (a session's access token or a personal access token, never
 * the URL's query): absent means a signed-out viewer, invalid is refused.
 */
export function createHandshakeAuth(
  jwtSecret: string,
  isSessionActive: (sessionId: string) => Promise<boolean>,
  authenticatePersonalToken: (token: string, userAgent: string | undefined) => Promise<SignedInActor | null>,
) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void) => {
    const parsed = SocketHandshakeAuth.safeParse(socket.handshake.auth ?? {});
    if (!parsed.success) return next(new HandshakeError('VALIDATION_FAILED', 'Invalid handshake'));
    const { token } = parsed.data;
    if (!token) {
      socket.data.actor = null;
      return next();
    }
    if (token.startsWith(PERSONAL_TOKEN_PREFIX)) {
      const actor = await authenticatePersonalToken(token, socket.request.headers['user-agent']);
      if (!actor) return next(new HandshakeError('UNAUTHORIZED', 'Invalid, expired or revoked access token'));
      socket.data.actor = actor;
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
