import type { SecurityEventAction } from '@clipsync/shared';

/** Each security event's words (i18next keys may not hold the action's `.`). */
export const SECURITY_EVENT_LABEL_KEYS: Record<SecurityEventAction, string> = {
  'sign_in.new_device': 'audit.actions.signInNewDevice',
  'token.created': 'audit.actions.tokenCreated',
  'token.revoked': 'audit.actions.tokenRevoked',
  'password.reset': 'audit.actions.passwordReset',
  'device_sign_in.approved': 'audit.actions.deviceSignInApproved',
  'item.taken_down': 'audit.actions.itemTakenDown',
  'item.restored': 'audit.actions.itemRestored',
  'sso.linked': 'audit.actions.ssoLinked',
  'sso.unlinked': 'audit.actions.ssoUnlinked',
  'sso.admin_granted': 'audit.actions.ssoAdminGranted',
  'sso.admin_revoked': 'audit.actions.ssoAdminRevoked',
  'sign_in.password_while_sso_only': 'audit.actions.passwordWhileSsoOnly',
};

/** The words of a security event in its owner's voice, or undefined for an admin's action. */
export function securityEventLabelKey(action: string): string | undefined {
  return Object.entries(SECURITY_EVENT_LABEL_KEYS).find(([known]) => known === action)?.[1];
}
