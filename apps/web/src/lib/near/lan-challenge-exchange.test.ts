import { describe, expect, test, vi } from 'vitest';
import { fakePortPair } from '../../test/fake-near-ports';
import { answerLanChallenges, handOverLanChallenge } from './lan-challenge-exchange';

const challenge = { withPeerId: 'PEER-B', challengeId: 'CHALLENGE', nonce: 'NONCE', expiresAt: 1_800_000_000_000 };

describe('LAN challenge exchange over the channel', () => {
  test('the other peer answers the challenge naming the peer at the other end as its issuer', async () => {
    const [initiator, responder] = fakePortPair();
    const answer = vi.fn(async () => undefined);
    answerLanChallenges(responder, 'PEER-A', answer);
    await expect(handOverLanChallenge(initiator, challenge)).resolves.toBeUndefined();
    expect(answer).toHaveBeenCalledWith({
      issuerPeerId: 'PEER-A',
      challengeId: 'CHALLENGE',
      nonce: 'NONCE',
      expiresAt: 1_800_000_000_000,
    });
  });

  test('an answer the server refused, or a damaged frame, is a refusal', async () => {
    const [initiator, responder] = fakePortPair();
    answerLanChallenges(responder, 'PEER-A', async () => Promise.reject(new Error('FORBIDDEN')));
    await expect(handOverLanChallenge(initiator, challenge)).rejects.toThrow('could not answer');
    const [again, other] = fakePortPair();
    const answer = vi.fn(async () => undefined);
    answerLanChallenges(other, 'PEER-A', answer);
    await expect(handOverLanChallenge(again, { ...challenge, expiresAt: 'soon' as unknown as number })).rejects.toThrow(
      'could not answer',
    );
    expect(answer).not.toHaveBeenCalled();
  });

  test('a channel that closes, or a peer that does not answer, ends the wait', async () => {
    const [initiator, silent] = fakePortPair();
    const waiting = handOverLanChallenge(initiator, challenge);
    silent.close();
    await expect(waiting).rejects.toThrow('closed');
    const [again] = fakePortPair();
    await expect(handOverLanChallenge(again, challenge, 20)).rejects.toThrow('did not answer in time');
  });
});
