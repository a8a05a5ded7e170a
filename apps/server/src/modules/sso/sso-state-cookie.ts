import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSO_LOGIN_TTL_MS } from './sso-logins';

/**
 * The browser's halves of a sign-in: the pending state on the way out, the hand-off code on the way back.
 * httpOnly, SameSite=Lax (the provider's redirect back is a top-level GET, which Lax lets through and Strict
 * does not), Secure under https, sent to the sign-in's paths only.
 */
const STATE_COOKIE = 'clipsync_sso_state';
const HANDOFF_COOKIE = 'clipsync_sso_handoff';
const COOKIE_PATH = '/api/auth/sso';

/** How long the completion page has to trade the hand-off code: it does so as soon as it loads. */
export const SSO_HANDOFF_TTL_MS = 2 * 60_000;

function attributes(publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function cookieOf(request: FastifyRequest, cookie: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === cookie) return value.join('=') || undefined;
  }
  return undefined;
}

export function setStateCookie(reply: FastifyReply, publicUrl: string, state: string): void {
  reply.header('set-cookie', `${STATE_COOKIE}=${state}; ${attributes(publicUrl, SSO_LOGIN_TTL_MS / 1000)}`);
}

/** Spent by the callback whatever its outcome: the row it named is gone too. */
export function clearStateCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', `${STATE_COOKIE}=; ${attributes(publicUrl, 0)}`);
}

export const stateCookieOf = (request: FastifyRequest) => cookieOf(request, STATE_COOKIE);

export function setHandoffCookie(reply: FastifyReply, publicUrl: string, code: string): void {
  reply.header('set-cookie', `${HANDOFF_COOKIE}=${code}; ${attributes(publicUrl, SSO_HANDOFF_TTL_MS / 1000)}`);
}

/** Spent by the completion call whatever its outcome: the row it named is gone too. */
export function clearHandoffCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', `${HANDOFF_COOKIE}=; ${attributes(publicUrl, 0)}`);
}

export const handoffCookieOf = (request: FastifyRequest) => cookieOf(request, HANDOFF_COOKIE);
