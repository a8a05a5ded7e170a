import type { LanNearAnswer, LanNearChallenge } from '@clipsync/shared';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a LAN nearness challenge may take from its issue to its answer. */
export const LAN_NEAR_CHALLENGE_MS = 60_000;

const nonceOf = (secret: string, challengeId: string, issuer: string, other: string, expiresAt: number) =>
  createHmac('sha256', secret)
    .update(`clipsync-lan-near-v1\n${challengeId}\n${issuer}\n${other}\n${expiresAt}`)
    .digest('base64url');

/**
 * A challenge for two LAN peers (decision 030): its nonce is an HMAC of the pair and the expiry under the
 * server's secret, so any node can check an answer and nothing is stored until the pair is proved.
 */
export function issueLanNearChallenge(
  secret: string,
  pair: { issuer: string; other: string },
  now = Date.now(),
): LanNearChallenge {
  const challengeId = randomBytes(16).toString('base64url');
  const expiresAt = now + LAN_NEAR_CHALLENGE_MS;
  return {
    withPeerId: pair.other,
    challengeId,
    expiresAt,
    nonce: nonceOf(secret, challengeId, pair.issuer, pair.other, expiresAt),
  };
}

/**
 * Whether `answer`, sent by peer `self` over its own socket, is the nonce issued to `answer.issuerPeerId`
 * for the pair with `self`, unexpired. Only the issuer's socket was given that nonce: `self` holding it means
 * the issuer handed it over (over the host-only channel, by the web client's rule).
 */
export function isLanNearAnswerValid(secret: string, answer: LanNearAnswer, self: string, now = Date.now()): boolean {
  if (answer.expiresAt < now || answer.expiresAt > now + LAN_NEAR_CHALLENGE_MS) return false;
  const expected = Buffer.from(nonceOf(secret, answer.challengeId, answer.issuerPeerId, self, answer.expiresAt));
  const given = Buffer.from(answer.nonce);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
