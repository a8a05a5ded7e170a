import { z } from 'zod';
import { text } from './text';
import { PASSWORD_MAX, PASSWORD_MIN_REGISTER, PASSWORD_MIN_RESET } from '../limits';
import { USER_ROLES } from '../roles';

/** Trimmed and lower-cased so one address is one account however it is typed. */
export const Email = text()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Email is invalid' }))
  .transform((email) => email.toLowerCase());

// No silent truncation: a password over the maximum is refused, never cut.
const password = (min: number, message: string) =>
  text().min(min, message).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** An admin's mailed invitation to sign up, as its link (`/register?invitation=`) carries it. */
export const InvitationToken = text().trim().min(1).max(128);

export const RegisterRequest = z.object({
  name: text().trim().min(1, 'Name is required').max(100),
  email: Email,
  password: password(PASSWORD_MIN_REGISTER, `Password must be at least ${PASSWORD_MIN_REGISTER} characters`),
  /** With an admin's invitation the sign-up is allowed whatever the registration mode, for its address only. */
  invitation: InvitationToken.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: text().min(1, 'Password is required').max(PASSWORD_MAX),
  /**
   * A mailed confirmation link's token: an account not confirmed yet signs in only beside one, which confirms it
   * with this password, a password one of its registrations chose. A confirmed account's sign-in ignores it.
   */
  confirmation: text().trim().min(1).max(128).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** Another confirmation link for an account that is not confirmed yet (offered after such a login). */
export const ResendConfirmationRequest = z.object({ email: Email });
export type ResendConfirmationRequest = z.infer<typeof ResendConfirmationRequest>;

export const ResetPasswordRequest = z.object({
  token: text().min(1).max(4096),
  new_password: password(PASSWORD_MIN_RESET, `Password must be at least ${PASSWORD_MIN_RESET} characters long.`),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const UserRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRole>;

export const PublicUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailConfirmedAt: z.string().nullable(),
  createdAt: z.string(),
  role: UserRole,
});
export type PublicUser = z.infer<typeof PublicUser>;

/** The session the web app keeps under the `session` key; `expires_at` in Unix seconds. */
export const SessionTokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_at: z.number().int(),
});
export type SessionTokens = z.infer<typeof SessionTokens>;

/** `firstSignIn`: the account had never signed in before (no session of it existed), so the web greets it anew. */
export const LoginResponse = z.object({ user: PublicUser, session: SessionTokens, firstSignIn: z.boolean() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number().int(),
});
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const MeResponse = z.object({ user: PublicUser });
export type MeResponse = z.infer<typeof MeResponse>;

export const TokenQuery = z.object({ token: text().min(1).max(512) });
export type TokenQuery = z.infer<typeof TokenQuery>;

/** Who may sign up (REGISTRATION): anyone, invited addresses only, or no one. */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export const RegistrationMode = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof RegistrationMode>;

/** Who may sign up: the mode, and the domains sign-ups are for (empty: any). */
export const RegistrationRules = z.object({ mode: RegistrationMode, emailDomains: z.array(z.string()) });
export type RegistrationRules = z.infer<typeof RegistrationRules>;

/**
 * Where a mailed link goes, for the check-your-email page: whether mail is set up (SMTP), and, only where the dev
 * outbox lists the mails (development, for callers on the server's machine), its path. Nothing more of the set-up.
 */
export const MailSetup = z.object({ configured: z.boolean(), outboxPath: z.string().optional() });
export type MailSetup = z.infer<typeof MailSetup>;

/**
 * `GET /api/auth/registration`, what the sign-up page says before anyone types: who may sign up, where the
 * confirmation link will go, and whether the first account to confirm its address becomes the server's admin
 * (no account has confirmed one and ADMIN_EMAILS names none, decision 039), so the page can tell that person.
 */
export const SignUpRules = RegistrationRules.extend({ mail: MailSetup, firstAccountBecomesAdmin: z.boolean() });
export type SignUpRules = z.infer<typeof SignUpRules>;

export const CheckEmailConfirmationResponse = z.object({ confirmed: z.boolean() });
export type CheckEmailConfirmationResponse = z.infer<typeof CheckEmailConfirmationResponse>;

/** Token headers: the refresh call's input and the rotated tokens on any response. */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
export const ACCESS_TOKEN_HEADER = 'x-access-token';
