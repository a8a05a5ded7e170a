import {
  CheckEmailConfirmationResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RefreshResponse,
  RegisterRequest,
  SignUpRules,
  ResendConfirmationRequest,
  ResetPasswordRequest,
  TokenQuery,
} from '../../schemas/auth';
import { defineEndpoints } from '../endpoint';

/**
 * Accounts and sessions. Every answer of these comes as JSON except the mailed link's redirect. With OIDC_ONLY,
 * register, login and reset-password answer 403 `PASSWORD_SIGN_IN_OFF` to everyone but admins, and
 * forgot-password mails admins only.
 */
export const AUTH_ENDPOINTS = defineEndpoints({
  register: {
    method: 'POST',
    path: '/auth/register',
    body: RegisterRequest,
    response: MessageResponse,
    credentialCheck: true,
  },
  login: { method: 'POST', path: '/auth/login', body: LoginRequest, response: LoginResponse, credentialCheck: true },
  /** The refresh token goes in its header (REFRESH_TOKEN_HEADER), never in a body or the query. */
  refresh: { method: 'POST', path: '/auth/refresh', response: RefreshResponse, credentialCheck: true },
  logout: { method: 'POST', path: '/auth/logout', response: MessageResponse },
  me: { method: 'GET', path: '/auth/me', response: MeResponse },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    body: ForgotPasswordRequest,
    response: MessageResponse,
    credentialCheck: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    body: ResetPasswordRequest,
    response: MessageResponse,
  },
  /** Answers the same message whether or not the address has an unconfirmed account; 429 over its limit. */
  resendConfirmation: {
    method: 'POST',
    path: '/auth/resend-confirmation',
    body: ResendConfirmationRequest,
    response: MessageResponse,
  },
  /** The link in the confirmation mail: redirects (303) to the confirmation page, which signs in to use it. */
  confirm: { method: 'GET', path: '/auth/confirm', query: TokenQuery, status: 303 },
  checkEmailConfirmation: {
    method: 'GET',
    path: '/auth/check-email-confirmation',
    query: TokenQuery,
    response: CheckEmailConfirmationResponse,
  },
  /** Who may sign up here, for the sign-up page; a refused sign-up answers 403 `REGISTRATION_CLOSED`. */
  registration: { method: 'GET', path: '/auth/registration', response: SignUpRules },
});
