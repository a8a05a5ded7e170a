import { providerNameOf } from '@clipsync/shared';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from './auth.context';

/**
 * With OIDC_ONLY, passwords are the admins' way back when the provider is down: an account that is an admin
 * now, or an address ADMIN_EMAILS names (it becomes one at its first sign-in).
 */
export function isPasswordAdmin(
  ctx: Pick<AuthContext, 'registration'>,
  email: string,
  account: { role: string } | undefined,
): boolean {
  return account?.role === 'admin' || ctx.registration.adminEmails.includes(email);
}

/** The refusal every non-admin gets, with the words the pages show: the same whether or not the address exists. */
export function passwordSignInOff(ssoOnly: { buttonText: string }): AppError {
  return new AppError('PASSWORD_SIGN_IN_OFF', `This server signs in with ${providerNameOf(ssoOnly.buttonText)}`);
}
