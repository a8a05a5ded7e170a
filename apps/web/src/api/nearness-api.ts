import type { CreateNearChallengeRequest, NearProofRequest, RegisterDeviceKeyRequest } from '@clipsync/shared';
import { call } from './client';
import { nearnessEndpoints } from './endpoints';

/** This device's public key, and the challenge and proof of two devices' nearness (decision 030). */
export const nearnessApi = {
  registerKey: (body: RegisterDeviceKeyRequest) => call(nearnessEndpoints.registerKey, { body }),
  createChallenge: (body: CreateNearChallengeRequest) => call(nearnessEndpoints.createChallenge, { body }),
  prove: (challengeId: string, body: NearProofRequest) =>
    call(nearnessEndpoints.proof, { params: { challengeId }, body }),
};
