import type { AppContext } from '../../../app-context';
import { createAuthContext, type AuthContext } from '../../auth/auth.context';
import { quotaRuleOf, type QuotaRule } from '../../../lib/storage-quota';

/**
 * What the admin's actions on one account use: the auth area's context (sessions, the reset mail), the file
 * store (a deleted account's files go) and the server's storage quota (an account's own one wins over it).
 */
export interface AdminAccountsContext extends AuthContext {
  files: AppContext['files'];
  storageQuota: QuotaRule;
  now: () => Date;
}

export function createAdminAccountsContext(ctx: AppContext): AdminAccountsContext {
  return {
    ...createAuthContext(ctx),
    files: ctx.files,
    storageQuota: quotaRuleOf(ctx.config),
    now: () => new Date(),
  };
}
