import { AUTH_ENDPOINTS, type LoginRequest, type RegisterRequest } from '@clipsync/shared';
import { call } from './client';

/** The account calls; the session provider and the auth hooks use them, components never do. */
export const authApi = {
  login: (body: LoginRequest) => call(AUTH_ENDPOINTS.login, { body }),
  register: (body: RegisterRequest) => call(AUTH_ENDPOINTS.register, { body }),
  logout: () => call(AUTH_ENDPOINTS.logout),
  me: () => call(AUTH_ENDPOINTS.me),
  forgotPassword: (email: string) => call(AUTH_ENDPOINTS.forgotPassword, { body: { email } }),
  resendConfirmation: (email: string) => call(AUTH_ENDPOINTS.resendConfirmation, { body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    call(AUTH_ENDPOINTS.resetPassword, { body: { token, new_password: newPassword } }),
  checkEmailConfirmation: (token: string) => call(AUTH_ENDPOINTS.checkEmailConfirmation, { query: { token } }),
};
