import { NEARNESS_ENDPOINTS, type DevicePublicKeyJwk, type NearProofRequest } from '@clipsync/shared';
import { call } from './client';

/** This device's public key and the nearness proof; reached through the near prover and DeviceInbox. */
export const nearnessApi = {
  registerKey: (publicKey: DevicePublicKeyJwk) => call(NEARNESS_ENDPOINTS.registerKey, { body: { publicKey } }),
  createChallenge: (withDeviceId: string) => call(NEARNESS_ENDPOINTS.createChallenge, { body: { withDeviceId } }),
  prove: (challengeId: string, signatures: NearProofRequest['signatures']) =>
    call(NEARNESS_ENDPOINTS.proof, { params: { challengeId }, body: { signatures } }),
};
