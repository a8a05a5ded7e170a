import { ClaimedShare, ShareClaim, ShareClaimParams } from '../../schemas/share-claims';
import { defineEndpoints } from '../endpoint';

/**
 * A share the server kept under a claim link (docs/security.md#shares-kept-for-a-claim): anyone holding the link sees and may discard what
 * waits; a signed-in user turns it into one clip. Unknown, used and expired links are the same 404.
 */
export const SHARE_CLAIM_ENDPOINTS = defineEndpoints({
  get: {
    method: 'GET',
    scope: 'clips:read',
    path: '/share-claims/:token',
    params: ShareClaimParams,
    response: ShareClaim,
  },
  /** One clip of the text and files (counted in the user's storage quota); single use. */
  claim: {
    method: 'POST',
    scope: 'clips:write',
    path: '/share-claims/:token/claim',
    params: ShareClaimParams,
    status: 201,
    response: ClaimedShare,
  },
  discard: {
    method: 'DELETE',
    scope: 'clips:write',
    path: '/share-claims/:token',
    params: ShareClaimParams,
    status: 204,
    response: null,
  },
});
