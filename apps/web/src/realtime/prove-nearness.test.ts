import { NEARNESS_ENDPOINTS, nearProofText } from '@clipsync/shared';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type * as nearLink from '../lib/near/near-link';
import { NearUnreachableError, openNearLink } from '../lib/near/near-link';
import { answerProveRequests } from '../lib/near/proof-exchange';
import { fakeApi } from '../test/fake-api';
import { fakePortPair } from '../test/fake-near-ports';
import { FakeSocket } from '../test/fake-socket';
import { proveNearness } from './prove-nearness';

const api = fakeApi();
const createChallenge = () => api.on(NEARNESS_ENDPOINTS.createChallenge);
const proof = () => api.on(NEARNESS_ENDPOINTS.proof);

vi.mock('../lib/near/near-link', async (importOriginal) => ({
  ...(await importOriginal<typeof nearLink>()),
  openNearLink: vi.fn(),
}));

// Ids as the server makes them: the answers are checked against the contract.
const deviceA = 'DEVICE000000000000000A';
const deviceB = 'DEVICE000000000000000B';
const challenge = { challengeId: 'CHALLENGE0000000000001', nonce: 'n'.repeat(43), expiresAt: '2026-11-25T20:00:00Z' };
const text = nearProofText({
  challengeId: challenge.challengeId,
  nonce: challenge.nonce,
  issuerDeviceId: deviceA,
  otherDeviceId: deviceB,
});
const keyA = { publicJwk: vi.fn(), sign: vi.fn(async (signed: string) => `A(${signed.length})`) };
const prove = () =>
  proveNearness({
    socket: new FakeSocket().connect().asSocket(),
    thisDeviceId: deviceA,
    deviceId: deviceB,
    key: keyA,
  });

describe('proving nearness', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    createChallenge().mockResolvedValue(challenge);
    proof().mockResolvedValue({ deviceIds: [deviceA, deviceB], nearUntil: 'later' });
  });

  test('over the open link, both devices sign the challenge and the issuer posts both signatures', async () => {
    const [here, there] = fakePortPair();
    answerProveRequests(there, { self: deviceB, peer: deviceA }, async (signed) => `B(${signed.length})`);
    vi.mocked(openNearLink).mockResolvedValue(here);
    await expect(prove()).resolves.toMatchObject({ nearUntil: 'later' });
    expect(createChallenge()).toHaveBeenCalledWith({ params: {}, query: {}, body: { withDeviceId: deviceB } });
    expect(keyA.sign).toHaveBeenCalledWith(text);
    expect(proof()).toHaveBeenCalledWith({
      params: { challengeId: challenge.challengeId },
      query: {},
      body: { signatures: { [deviceA]: `A(${text.length})`, [deviceB]: `B(${text.length})` } },
    });
    expect(here.isOpen).toBe(false);
  });

  test('a device that cannot be reached asks for no challenge; a failed proof still closes the link', async () => {
    vi.mocked(openNearLink).mockRejectedValue(new NearUnreachableError());
    await expect(prove()).rejects.toBeInstanceOf(NearUnreachableError);
    expect(createChallenge()).not.toHaveBeenCalled();

    const [here, there] = fakePortPair();
    answerProveRequests(there, { self: deviceB, peer: deviceA }, async () => 'B');
    vi.mocked(openNearLink).mockResolvedValue(here);
    proof().mockRejectedValue(new ApiError('Nearness was not proved', 403, 'FORBIDDEN'));
    await expect(prove()).rejects.toThrow('Nearness was not proved');
    expect(here.isOpen).toBe(false);
  });
});
