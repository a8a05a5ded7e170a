import type { RegisterRequest } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** The auth screens' account calls; signing in and out belong to the session provider. */
export function useRegister() {
  return useMutation({ mutationFn: (account: RegisterRequest) => authApi.register(account) });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email) });
}

/** For a login refused with EMAIL_NOT_CONFIRMED: mails the confirmation link again. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: (email: string) => authApi.resendConfirmation(email) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      authApi.resetPassword(token, newPassword),
  });
}

/** Asked once per landing on the confirmation link (and on Try again), never refetched in the background. */
export function useCheckEmailConfirmation() {
  return useMutation({ mutationFn: (token: string) => authApi.checkEmailConfirmation(token) });
}
