import { call } from './client';
import { shareClaimEndpoints } from './endpoints';

/** A share the server kept under a claim link (no service worker caught it); screens use share-claim-queries.ts. */
export const shareClaimsApi = {
  get: (token: string) => call(shareClaimEndpoints.get, { params: { token } }),
  claim: (token: string) => call(shareClaimEndpoints.claim, { params: { token } }),
  discard: (token: string) => call(shareClaimEndpoints.discard, { params: { token } }),
};
