import { AUTH_ENDPOINTS, type RegisterRequest } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from './client';

/** The auth screens' account calls; signing in and out belong to the session provider. */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterRequest) => call(AUTH_ENDPOINTS.register, { body }) });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => call(AUTH_ENDPOINTS.forgotPassword, { body: { email } }) });
}

/** For a login refused with EMAIL_NOT_CONFIRMED: mails the confirmation link again. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => call(AUTH_ENDPOINTS.resendConfirmation, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      call(AUTH_ENDPOINTS.resetPassword, { body: { token, new_password: newPassword } }),
  });
}

/** Asked once per landing on the confirmation link (and on Try again), never refetched in the background. */
export function useCheckEmailConfirmation() {
  return useMutation({
    mutationFn: (token: string) => call(AUTH_ENDPOINTS.checkEmailConfirmation, { query: { token } }),
  });
}
