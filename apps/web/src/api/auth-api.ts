import type { LoginRequest, RegisterRequest } from '@clipsync/shared';
import { call } from './client';
import { authEndpoints } from './endpoints';

/** The account calls; the session provider and the auth hooks use them, components never do. */
export const authApi = {
  login: (body: LoginRequest) => call(authEndpoints.login, { body }),
  register: (body: RegisterRequest) => call(authEndpoints.register, { body }),
  logout: () => call(authEndpoints.logout),
  me: () => call(authEndpoints.me),
  forgotPassword: (email: string) => call(authEndpoints.forgotPassword, { body: { email } }),
  resendConfirmation: (email: string) => call(authEndpoints.resendConfirmation, { body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    call(authEndpoints.resetPassword, { body: { token, new_password: newPassword } }),
  checkEmailConfirmation: (token: string) =>
    call(authEndpoints.checkEmailConfirmation, { query: `token=${encodeURIComponent(token)}` }),
};
