import type { DevicePublicKeyJwk, NearProofRequest } from '@clipsync/shared';
import { call } from './client';
import { nearnessEndpoints } from './endpoints';

/** This device's public key and the nearness proof; reached through the near prover and DeviceInbox. */
export const nearnessApi = {
  registerKey: (publicKey: DevicePublicKeyJwk) => call(nearnessEndpoints.registerKey, { body: { publicKey } }),
  createChallenge: (withDeviceId: string) => call(nearnessEndpoints.createChallenge, { body: { withDeviceId } }),
  prove: (challengeId: string, signatures: NearProofRequest['signatures']) =>
    call(nearnessEndpoints.proof, { params: { challengeId }, body: { signatures } }),
};
