import type {
  CheckEmailConfirmationResponse,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterRequest,
} from '@clipsync/shared';
import { apiRequest } from './client';

/** SPEC §7 Auth calls; components reach them through the auth provider and hooks, never directly. */
export const authApi = {
  login: (body: LoginRequest) => apiRequest<LoginResponse>('/auth/login', { method: 'POST', body }),
  register: (body: RegisterRequest) => apiRequest<MessageResponse>('/auth/register', { method: 'POST', body }),
  logout: () => apiRequest<MessageResponse>('/auth/logout', { method: 'POST' }),
  me: () => apiRequest<MeResponse>('/auth/me'),
  forgotPassword: (email: string) =>
    apiRequest<MessageResponse>('/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    apiRequest<MessageResponse>('/auth/reset-password', { method: 'POST', body: { token, new_password: newPassword } }),
  checkEmailConfirmation: (token: string) =>
    apiRequest<CheckEmailConfirmationResponse>(`/auth/check-email-confirmation?token=${encodeURIComponent(token)}`),
};
