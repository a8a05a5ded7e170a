import {
  AdminAccount,
  AdminAccountParams,
  CreateAccountRequest,
  DeleteAccountRequest,
  GrantPlanRequest,
  SetQuotaRequest,
  SetRoleRequest,
} from '../../schemas/admin-accounts';
import { defineEndpoints } from '../endpoint';

/**
 * One account, as an admin sees and changes it (the admin console). Every call is an admin's: 401 signed
 * out, 403 `ADMIN_ONLY` for anyone else, 404 for an unknown or forged id; a token needs the `admin` scope.
 */
export const ADMIN_ACCOUNT_ENDPOINTS = defineEndpoints({
  /**
   * Makes an account in any registration mode (an admin's door, not a sign-up) and mails its address a link
   * to set the password; it can sign in once that is done. 409 `CONFLICT` when the address has an account.
   */
  create: {
    method: 'POST',
    scope: 'admin',
    path: '/admin/users',
    body: CreateAccountRequest,
    status: 201,
    response: AdminAccount,
  },
  get: { method: 'GET', scope: 'admin', path: '/admin/users/:id', params: AdminAccountParams, response: AdminAccount },
  /**
   * Disables the account (PUT of the state "disabled"): every session, token and socket of it ends at once,
   * and its sign-in answers 403 `ACCOUNT_DISABLED`. 409 for the caller's own account or the last admin.
   */
  disable: {
    method: 'PUT',
    scope: 'admin',
    path: '/admin/users/:id/disabled',
    params: AdminAccountParams,
    response: AdminAccount,
  },
  /** Enables it again (DELETE of the state "disabled"): the user signs in anew. */
  enable: {
    method: 'DELETE',
    scope: 'admin',
    path: '/admin/users/:id/disabled',
    params: AdminAccountParams,
    response: AdminAccount,
  },
  /**
   * Deletes the account and everything it owns (clips, files, rooms, desktop, devices). The body's address
   * must be the account's (else 400); 409 for the caller's own account or the last admin.
   */
  delete: {
    method: 'DELETE',
    scope: 'admin',
    path: '/admin/users/:id',
    params: AdminAccountParams,
    body: DeleteAccountRequest,
    status: 204,
    response: null,
  },
  /** Mails the account the password-reset link "forgot password" sends, off the request path. */
  sendPasswordReset: {
    method: 'POST',
    scope: 'admin',
    path: '/admin/users/:id/password-reset',
    params: AdminAccountParams,
    status: 204,
    response: null,
  },
  /** Grants a plan until a date, whatever Stripe or the trial say (Stripe's subscription is left alone). */
  grantPlan: {
    method: 'PUT',
    scope: 'admin',
    path: '/admin/users/:id/plan',
    params: AdminAccountParams,
    body: GrantPlanRequest,
    response: AdminAccount,
  },
  /** Removes the grant: Stripe's plan or the trial applies again. */
  removePlan: {
    method: 'DELETE',
    scope: 'admin',
    path: '/admin/users/:id/plan',
    params: AdminAccountParams,
    response: AdminAccount,
  },
  /** The account's storage quota in bytes; null for the plan's. */
  setQuota: {
    method: 'PUT',
    scope: 'admin',
    path: '/admin/users/:id/quota',
    params: AdminAccountParams,
    body: SetQuotaRequest,
    response: AdminAccount,
  },
  /** Grants or revokes the admin role; 409 for the last admin's revoke, and for an admin's revoke of their own role. */
  setRole: {
    method: 'PUT',
    scope: 'admin',
    path: '/admin/users/:id/role',
    params: AdminAccountParams,
    body: SetRoleRequest,
    response: AdminAccount,
  },
});
