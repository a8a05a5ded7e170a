import { eq } from 'drizzle-orm';
import type { LoginRequest, LoginResponse, PublicUser, RegisterRequest } from '@clipsync/shared';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/secure-tokens';
import type { Mailer } from '../../mail/mailer';
import { alreadyRegisteredMail, confirmationMail, passwordResetMail } from '../../mail/templates/account-mails';
import { toPublicUser } from './auth.presenter';
import { consumeEmailToken, findEmailToken, issueEmailToken, lastIssuedAt, voidEmailTokens } from './email-tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { revokeUserSessions, startSession, type SessionContext } from './sessions.service';

export interface AuthContext extends SessionContext {
  mailer: Mailer;
  publicUrl: string;
}

/** A second mail of the same kind to one address waits this long; the caller still sees success. */
export const MAIL_RESEND_COOLDOWN_MS = 60_000;

export const REGISTER_MESSAGE =
  'Registration successful. Please check your email to confirm your account before logging in.';
export const FORGOT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.';

async function findUserByEmail(ctx: AuthContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function isInCooldown(ctx: AuthContext, userId: string, purpose: 'confirm' | 'reset'): Promise<boolean> {
  const last = await lastIssuedAt(ctx.db, userId, purpose);
  return last !== null && Date.now() - last.getTime() < MAIL_RESEND_COOLDOWN_MS;
}

async function sendConfirmation(ctx: AuthContext, user: { id: string; email: string; name: string }): Promise<void> {
  const token = await issueEmailToken(ctx.db, user.id, 'confirm');
  const url = `${ctx.publicUrl}/api/auth/confirm?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(confirmationMail(user.email, user.name, url));
}

/**
 * Answers the same whether or not the address is taken (no enumeration): a new address gets a
 * confirmation link, an unconfirmed one a fresh link, a confirmed one a note to its owner.
 */
export async function register(ctx: AuthContext, input: RegisterRequest): Promise<{ message: string }> {
  // Hashed on every path, so a taken address does not answer measurably faster.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx, input.email);
  if (existing) {
    if (existing.emailConfirmedAt) {
      await ctx.mailer.send(alreadyRegisteredMail(existing.email, `${ctx.publicUrl}/auth?mode=login`));
    } else if (!(await isInCooldown(ctx, existing.id, 'confirm'))) {
      await voidEmailTokens(ctx.db, existing.id, 'confirm');
      await sendConfirmation(ctx, existing);
    }
    return { message: REGISTER_MESSAGE };
  }
  const [created] = await ctx.db
    .insert(users)
    .values({ id: newId(), email: input.email, name: input.name, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  // A concurrent registration of the same address won the race: same answer, no second mail.
  if (created) await sendConfirmation(ctx, created);
  return { message: REGISTER_MESSAGE };
}

export type ConfirmOutcome = 'confirmed' | 'expired' | 'invalid';

export async function confirmEmail(ctx: AuthContext, token: string): Promise<ConfirmOutcome> {
  const result = await consumeEmailToken(ctx.db, token, 'confirm');
  if (result.status !== 'ok') return result.status;
  await ctx.db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, result.userId));
  return 'confirmed';
}

/** What became of a confirmation link: confirmed once its account is. */
export async function checkEmailConfirmation(ctx: AuthContext, token: string): Promise<{ confirmed: boolean }> {
  const row = await findEmailToken(ctx.db, token, 'confirm');
  if (!row) return { confirmed: false };
  const [user] = await ctx.db
    .select({ confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  return { confirmed: Boolean(user?.confirmedAt) };
}

export async function login(ctx: AuthContext, input: LoginRequest): Promise<LoginResponse> {
  const user = await findUserByEmail(ctx, input.email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS');
  // Only after the password is proven, so this answer reveals nothing to a stranger.
  if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED');
  return { user: toPublicUser(user), session: await startSession(ctx, user.id) };
}

export async function forgotPassword(ctx: AuthContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx, email);
  if (user && !(await isInCooldown(ctx, user.id, 'reset'))) {
    await voidEmailTokens(ctx.db, user.id, 'reset');
    const token = await issueEmailToken(ctx.db, user.id, 'reset');
    // In the fragment: never sent to a server, so never in access logs or a Referer. The reset screen
    // (SPEC §2) requires an access and a refresh token there; the link's one single-use token is both.
    const url = `${ctx.publicUrl}/reset-password#access_token=${encodeURIComponent(token)}&refresh_token=${encodeURIComponent(token)}&type=recovery`;
    await ctx.mailer.send(passwordResetMail(user.email, url));
  }
  return { message: FORGOT_MESSAGE };
}

/** Sets the new password, ends every session of the user and voids every other reset link. */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  newPassword: string,
): Promise<{ message: string }> {
  const result = await consumeEmailToken(ctx.db, token, 'reset');
  if (result.status === 'expired')
    throw new AppError('INVALID_TOKEN', 'This password reset link has expired. Please request a new one.');
  if (result.status === 'invalid')
    throw new AppError('INVALID_TOKEN', 'Invalid or missing reset token. Please request a new password reset.');
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, result.userId));
  await voidEmailTokens(ctx.db, result.userId, 'reset');
  await revokeUserSessions(ctx, result.userId, 'password_reset');
  return { message: 'Password Reset Successful' };
}

export async function getCurrentUser(ctx: AuthContext, userId: string): Promise<PublicUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  return toPublicUser(user);
}
