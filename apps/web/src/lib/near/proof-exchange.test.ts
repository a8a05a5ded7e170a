import { nearProofText } from '@clipsync/shared';
import { describe, expect, test, vi } from 'vitest';
import { fakePortPair } from '../../test/fake-near-ports';
import { answerProveRequests, proofTextToSign, requestPeerSignature } from './proof-exchange';

const request = { challengeId: 'CHALLENGE', nonce: 'NONCE', issuer: 'DEVICE-A', other: 'DEVICE-B' };

describe('proof exchange over the channel', () => {
  test('the other device signs the issuer-first text and the prover gets its signature', async () => {
    const [prover, responder] = fakePortPair();
    const sign = vi.fn(async (text: string) => `signed:${text.length}`);
    answerProveRequests(responder, { self: 'DEVICE-B', peer: 'DEVICE-A' }, sign);
    const text = nearProofText({
      challengeId: 'CHALLENGE',
      nonce: 'NONCE',
      issuerDeviceId: 'DEVICE-A',
      otherDeviceId: 'DEVICE-B',
    });
    await expect(requestPeerSignature(prover, request)).resolves.toBe(`signed:${text.length}`);
    expect(sign).toHaveBeenCalledWith(text);
  });

  test('a request naming other ids than the two ends of the link is refused, never signed', async () => {
    const [prover, responder] = fakePortPair();
    const sign = vi.fn(async () => 'signature');
    answerProveRequests(responder, { self: 'DEVICE-B', peer: 'DEVICE-A' }, sign);
    await expect(requestPeerSignature(prover, { ...request, other: 'DEVICE-C' })).rejects.toThrow('refused');
    await expect(requestPeerSignature(prover, { ...request, issuer: 'DEVICE-B', other: 'DEVICE-A' })).rejects.toThrow(
      'refused',
    );
    expect(sign).not.toHaveBeenCalled();
  });

  test('the text to sign needs both ids in their places', () => {
    const pair = { self: 'DEVICE-B', peer: 'DEVICE-A' };
    expect(proofTextToSign({ ...request }, pair)).toContain('DEVICE-A\nDEVICE-B');
    expect(proofTextToSign({ ...request, nonce: 7 }, pair)).toBeNull();
  });

  test('a channel that closes, or a device that does not answer, ends the wait', async () => {
    const [prover, silent] = fakePortPair();
    const waiting = requestPeerSignature(prover, request);
    silent.close();
    await expect(waiting).rejects.toThrow('closed');
    const [again] = fakePortPair();
    await expect(requestPeerSignature(again, request, 20)).rejects.toThrow('did not sign in time');
  });
});
