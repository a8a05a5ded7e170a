import { nearProofText } from '@clipsync/shared';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { nearnessApi } from '../api/nearness-api';
import type * as nearLink from '../lib/near/near-link';
import { NearUnreachableError, openNearLink } from '../lib/near/near-link';
import { answerProveRequests } from '../lib/near/proof-exchange';
import { fakePortPair } from '../test/fake-near-ports';
import { FakeSocket } from '../test/fake-socket';
import { proveNearness } from './prove-nearness';

vi.mock('../api/nearness-api', () => ({ nearnessApi: { createChallenge: vi.fn(), prove: vi.fn() } }));
vi.mock('../lib/near/near-link', async (importOriginal) => ({
  ...(await importOriginal<typeof nearLink>()),
  openNearLink: vi.fn(),
}));

const challenge = { challengeId: 'CHALLENGE0000000000001', nonce: 'n'.repeat(43), expiresAt: '2026-11-25T20:00:00Z' };
const text = nearProofText({
  challengeId: challenge.challengeId,
  nonce: challenge.nonce,
  issuerDeviceId: 'DEVICE-A',
  otherDeviceId: 'DEVICE-B',
});
const keyA = { publicJwk: vi.fn(), sign: vi.fn(async (signed: string) => `A(${signed.length})`) };
const prove = () =>
  proveNearness({
    socket: new FakeSocket().connect().asSocket(),
    thisDeviceId: 'DEVICE-A',
    deviceId: 'DEVICE-B',
    key: keyA,
  });

describe('proving nearness', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(nearnessApi.createChallenge).mockResolvedValue(challenge);
    vi.mocked(nearnessApi.prove).mockResolvedValue({ deviceIds: ['DEVICE-A', 'DEVICE-B'], nearUntil: 'later' });
  });

  test('over the open link, both devices sign the challenge and the issuer posts both signatures', async () => {
    const [here, there] = fakePortPair();
    answerProveRequests(there, { self: 'DEVICE-B', peer: 'DEVICE-A' }, async (signed) => `B(${signed.length})`);
    vi.mocked(openNearLink).mockResolvedValue(here);
    await expect(prove()).resolves.toMatchObject({ nearUntil: 'later' });
    expect(nearnessApi.createChallenge).toHaveBeenCalledWith('DEVICE-B');
    expect(keyA.sign).toHaveBeenCalledWith(text);
    expect(nearnessApi.prove).toHaveBeenCalledWith(challenge.challengeId, {
      'DEVICE-A': `A(${text.length})`,
      'DEVICE-B': `B(${text.length})`,
    });
    expect(here.isOpen).toBe(false);
  });

  test('a device that cannot be reached asks for no challenge; a failed proof still closes the link', async () => {
    vi.mocked(openNearLink).mockRejectedValue(new NearUnreachableError());
    await expect(prove()).rejects.toBeInstanceOf(NearUnreachableError);
    expect(nearnessApi.createChallenge).not.toHaveBeenCalled();

    const [here, there] = fakePortPair();
    answerProveRequests(there, { self: 'DEVICE-B', peer: 'DEVICE-A' }, async () => 'B');
    vi.mocked(openNearLink).mockResolvedValue(here);
    vi.mocked(nearnessApi.prove).mockRejectedValue(new Error('Nearness was not proved'));
    await expect(prove()).rejects.toThrow('Nearness was not proved');
    expect(here.isOpen).toBe(false);
  });
});
