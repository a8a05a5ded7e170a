import {
  CreateNearChallengeRequest,
  NearChallenge,
  NearChallengeParams,
  NearProof,
  NearProofRequest,
  RegisterDeviceKeyRequest,
} from '../../schemas/nearness';
import { defineEndpoints } from '../endpoint';

/**
 * Nearness proved by two of the account's devices (decision 030): each registers a public key, one asks for a
 * challenge for the pair, both sign its nonce after exchanging it over a host-only WebRTC data channel, and
 * the proof records the pair as near for 12 hours (`nearUntil` in `GET /api/devices`). Browser sessions only.
 */
export const NEARNESS_ENDPOINTS = defineEndpoints({
  /** The calling device's ECDSA P-256 public key (JWK), replacing any earlier one (and its proofs). 204. */
  registerKey: {
    method: 'PUT',
    path: '/devices/current/key',
    body: RegisterDeviceKeyRequest,
    status: 204,
    response: null,
  },
  /**
   * A single-use challenge for the calling device and `withDeviceId`, valid 60 s. 404 for a device that is
   * unknown, another user's or signed out; 403 for the calling device itself or a session that is no device;
   * 409 when either device has no key yet.
   */
  createChallenge: {
    method: 'POST',
    path: '/nearness/challenges',
    body: CreateNearChallengeRequest,
    status: 201,
    response: NearChallenge,
  },
  /**
   * Both signatures, posted by either device of the challenge: the one that asked for it, or the other (it
   * scanned the first one's QR code). Any failure (unknown, expired or used challenge, another device's or
   * user's, a wrong signature) is the one 403 `FORBIDDEN`; the challenge is spent by the first attempt of
   * either device. A recorded proof is told to the account's sockets as `device:near`.
   */
  proof: {
    method: 'POST',
    path: '/nearness/challenges/:challengeId/proof',
    params: NearChallengeParams,
    body: NearProofRequest,
    response: NearProof,
  },
});
