import { describe, expect, test } from 'vitest';
import { LAN_NEAR_CHALLENGE_MS, isLanNearAnswerValid, issueLanNearChallenge } from './lan-near-proof';

const SECRET = 'a-server-secret-of-some-length';
const pair = { issuer: 'peer-a', other: 'peer-b' };

describe('LAN nearness challenges', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const issued = issueLanNearChallenge(SECRET, pair, now);
  const answer = {
    issuerPeerId: 'peer-a',
    challengeId: issued.challengeId,
    nonce: issued.nonce,
    expiresAt: issued.expiresAt,
  };

  test('the other peer answering the nonce it was handed proves the pair, within 60 s', () => {
    expect(issued.withPeerId).toBe('peer-b');
    expect(issued.expiresAt).toBe(now + LAN_NEAR_CHALLENGE_MS);
    expect(isLanNearAnswerValid(SECRET, answer, 'peer-b', now + 1000)).toBe(true);
  });

  test('refused: another answering peer, another issuer, a changed nonce, expiry or challenge, another secret, too late', () => {
    expect(isLanNearAnswerValid(SECRET, answer, 'peer-c', now)).toBe(false);
    expect(isLanNearAnswerValid(SECRET, { ...answer, issuerPeerId: 'peer-c' }, 'peer-b', now)).toBe(false);
    const anotherNonce = issueLanNearChallenge(SECRET, pair, now).nonce;
    expect(isLanNearAnswerValid(SECRET, { ...answer, nonce: anotherNonce }, 'peer-b', now)).toBe(false);
    expect(isLanNearAnswerValid(SECRET, { ...answer, nonce: 'short' }, 'peer-b', now)).toBe(false);
    expect(isLanNearAnswerValid(SECRET, { ...answer, expiresAt: answer.expiresAt + 1 }, 'peer-b', now)).toBe(false);
    expect(isLanNearAnswerValid(SECRET, { ...answer, challengeId: 'other' }, 'peer-b', now)).toBe(false);
    expect(isLanNearAnswerValid('another-secret', answer, 'peer-b', now)).toBe(false);
    expect(isLanNearAnswerValid(SECRET, answer, 'peer-b', issued.expiresAt + 1)).toBe(false);
  });

  test('an expiry set further ahead than a challenge lives is refused, whatever its nonce', () => {
    const later = issueLanNearChallenge(SECRET, pair, now + LAN_NEAR_CHALLENGE_MS);
    expect(
      isLanNearAnswerValid(
        SECRET,
        { ...answer, nonce: later.nonce, challengeId: later.challengeId, expiresAt: later.expiresAt },
        'peer-b',
        now,
      ),
    ).toBe(false);
  });
});
