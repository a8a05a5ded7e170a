import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSO_LOGIN_TTL_MS } from './sso-logins';

/**
 * The browser's half of a pending sign-in: only the state, httpOnly, SameSite=Lax (the provider's redirect
 * back is a top-level GET, which Lax lets through), Secure under https, sent to the callback's path only.
 */
const COOKIE = 'clipsync_sso_state';
const COOKIE_PATH = '/api/auth/sso';

function attributes(publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function setStateCookie(reply: FastifyReply, publicUrl: string, state: string): void {
  reply.header('set-cookie', `${COOKIE}=${state}; ${attributes(publicUrl, SSO_LOGIN_TTL_MS / 1000)}`);
}

/** Spent by the callback whatever its outcome: the row it named is gone too. */
export function clearStateCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', `${COOKIE}=; ${attributes(publicUrl, 0)}`);
}

export function stateCookieOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
