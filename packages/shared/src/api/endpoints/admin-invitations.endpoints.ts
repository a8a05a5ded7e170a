import {
  AdminInvitation,
  AdminInvitationIdParams,
  AdminInvitationList,
  AdminInvitationListQuery,
  CreateAdminInvitationRequest,
  InvitationLookup,
  InvitationTokenParams,
} from '../../schemas/admin-invitations';
import { defineEndpoints } from '../endpoint';

/**
 * An admin's invitations to sign up, by e-mail: the admin's calls (any registration mode), and the signed-out
 * lookup the sign-up page makes with the mailed link's token.
 */
export const ADMIN_INVITATION_ENDPOINTS = defineEndpoints({
  /** Newest first, paged; `status` keeps one of pending, accepted, expired, revoked. */
  list: {
    method: 'GET',
    scope: 'admin',
    path: '/admin/invitations',
    query: AdminInvitationListQuery,
    response: AdminInvitationList,
  },
  /**
   * Mails the invitation. 409 `CONFLICT` when the address already has an account; a pending invitation for
   * the address is renewed (a new link and a new expiry), never duplicated.
   */
  create: {
    method: 'POST',
    scope: 'admin',
    path: '/admin/invitations',
    body: CreateAdminInvitationRequest,
    status: 201,
    response: AdminInvitation,
  },
  /** Its link stops working at once; 404 for an unknown id, 409 for an invitation already used. */
  revoke: {
    method: 'DELETE',
    scope: 'admin',
    path: '/admin/invitations/:id',
    params: AdminInvitationIdParams,
    status: 204,
    response: null,
  },
  /** Signed out: the invited address; 404 `INVITATION_INVALID`, the same, for unknown, used, revoked or expired. */
  lookup: { method: 'GET', path: '/invitations/:token', params: InvitationTokenParams, response: InvitationLookup },
});
