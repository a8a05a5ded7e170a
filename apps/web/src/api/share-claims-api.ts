import { SHARE_CLAIM_ENDPOINTS } from '@clipsync/shared';
import { call } from './client';

/** A share the server kept under a claim link (no service worker caught it); screens use share-claim-queries.ts. */
export const shareClaimsApi = {
  get: (token: string) => call(SHARE_CLAIM_ENDPOINTS.get, { params: { token } }),
  claim: (token: string) => call(SHARE_CLAIM_ENDPOINTS.claim, { params: { token } }),
  discard: (token: string) => call(SHARE_CLAIM_ENDPOINTS.discard, { params: { token } }),
};
