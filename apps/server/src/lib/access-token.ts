import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { SignedInActor } from './actor';
import { AppError } from './app-error';

/**
 * Access tokens: who the caller is and which (revocable) session the token belongs to. In lib/ because
 * the auth module issues them while the request plugin and the socket handshake read them.
 */

const ALGORITHM = 'HS256';
const TOKEN_TYPE = 'access';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/**
 * The secret as a CryptoKey, imported once per secret: given raw bytes, jose imports a key on every sign
 * and verify, which cost more than the HMAC itself on every authenticated request.
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function keyFor(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), algorithm, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: Pick<SignedInActor, 'userId' | 'sessionId'>,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: TOKEN_TYPE })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await keyFor(secret));
}

/**
 * Tokens already verified, per secret: a token is sent with every request of its hour, and verifying its
 * signature through WebCrypto (a job handed to another thread and back) was the largest single cost of a
 * remembered answer. The same string has the same signature, so a token verified once stays valid until
 * its expiry, checked on every use; revocation is the session's business (sessions.service), not the
 * token's. Bounded: the token stored longest ago goes first.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, Map<string, SignedInActor>>();

/** Pins the algorithm, checks expiry and token type; any failure is one UNAUTHORIZED, never a detail leak. */
export async function verifyAccessToken(secret: string, token: string): Promise<SignedInActor> {
  let known = verified.get(secret);
  const actor = known?.get(token);
  if (actor && actor.expiresAt > Date.now() / 1000) return actor;
  const checked = await verifySignature(secret, token);
  if (!known) verified.set(secret, (known = new Map()));
  known.set(token, checked);
  if (known.size > VERIFIED_MAX) known.delete(known.keys().next().value as string);
  return checked;
}

async function verifySignature(secret: string, token: string): Promise<SignedInActor> {
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), { algorithms: [ALGORITHM] });
    if (
      payload.typ !== TOKEN_TYPE ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      !payload.exp
    ) {
      throw new Error('not an access token');
    }
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp };
  } catch {
    throw new AppError('UNAUTHORIZED', 'Invalid or expired access token');
  }
}
