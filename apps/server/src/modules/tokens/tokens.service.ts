import {
  TOKENS_PER_USER_MAX,
  type CreateTokenRequest,
  type CreatedToken,
  type CurrentToken,
  type TokenList,
  type TokenScope,
} from '@clipsync/shared';
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { deviceAuthorizations, devices, personalAccessTokens, sessions, users } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/policy';
import { hashToken, newId } from '../../lib/secure-tokens';
import { addCliDevice } from '../devices/list/devices.service';
import { recordSecurityEvent, recordSecurityEventIn } from '../audit/audit.recorder';
import type { TokenRow, TokensContext, UserRow } from './tokens.context';
import { tokenPolicy } from './tokens.policy';
import { presentToken } from './tokens.presenter';
import { newPersonalToken } from './token-format';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A token without an expiry still has a session row, whose expiry is required: one far enough never to come. */
const NEVER_MS = 100 * 365 * DAY_MS;

/** Still usable: not revoked (its session) and not expired. */
const isLive = () =>
  and(
    isNull(sessions.revokedAt),
    or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, sql`now()`)),
  );

export interface NewTokenInput extends CreateTokenRequest {
  source?: 'manual' | 'device';
}

/**
 * Makes a token and its session, and answers the token this once; only its SHA-256 is kept. The user's
 * row is locked while their tokens are counted, so two creations at once cannot both take the last place.
 */
export async function createToken(ctx: TokensContext, actor: Actor, input: NewTokenInput): Promise<CreatedToken> {
  return issueToken(ctx, requireSignedIn(actor).userId, input);
}

/**
 * A token for a user, on their behalf: the settings page's creation, or a device sign-in they approved
 * (which makes the CLI one of the account's devices, in the same transaction).
 */
export async function issueToken(ctx: TokensContext, userId: string, input: NewTokenInput): Promise<CreatedToken> {
  const token = newPersonalToken();
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null;
  let cli: Awaited<ReturnType<typeof addCliDevice>> | undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    // Read under the lock the disable's update waits on: a device sign-in approved before it gets nothing after.
    if (owner?.disabledAt) throw new AppError('ACCOUNT_DISABLED');
    if (input.scopes.includes('admin') && owner?.role !== 'admin') {
      throw new AppError('ADMIN_ONLY', 'Only the admins of this server may create a token with the admin scope');
    }
    const [held] = await tx
      .select({ n: count() })
      .from(personalAccessTokens)
      .innerJoin(sessions, eq(sessions.id, personalAccessTokens.sessionId))
      .where(and(eq(personalAccessTokens.userId, userId), isLive()));
    if ((held?.n ?? 0) >= TOKENS_PER_USER_MAX) {
      throw new AppError(
        'TOKEN_LIMIT_REACHED',
        `You hold ${TOKENS_PER_USER_MAX} access tokens, the most allowed. Revoke one to create another.`,
      );
    }
    const sessionId = newId();
    await tx.insert(sessions).values({
      id: sessionId,
      userId,
      expiresAt: expiresAt ?? new Date(Date.now() + NEVER_MS),
    });
    const [inserted] = await tx
      .insert(personalAccessTokens)
      .values({
        id: newId(),
        userId,
        sessionId,
        name: input.name,
        scopes: [...new Set<TokenScope>(input.scopes)],
        source: input.source ?? 'manual',
        tokenHash: hashToken(token),
        expiresAt,
      })
      .returning();
    // A device sign-in's token is a CLI of the account's devices (a token made by hand is not).
    if (input.source === 'device') cli = await addCliDevice(tx, { userId, sessionId, clientName: input.name });
    await recordSecurityEventIn(tx, {
      userId,
      action: 'token.created',
      details: { name: input.name, scopes: input.scopes },
    });
    return inserted!;
  });
  // The account's other devices may be told of the new sign-in (modules/web-push), once it is committed.
  if (cli)
    ctx.events.emit('device.added', { userId, deviceId: cli.id, name: cli.name, at: cli.createdAt.toISOString() });
  return { ...presentToken(row), token };
}

/**
 * The caller's usable tokens, newest first; never the tokens themselves. A token that is a device's (a CLI's
 * sign-in shares its session) is named as the device is now: a rename under My devices renames it here too.
 */
export async function listTokens(ctx: TokensContext, actor: Actor): Promise<TokenList> {
  const { userId } = requireSignedIn(actor);
  const rows = await ctx.db
    .select({ token: personalAccessTokens, deviceName: devices.name })
    .from(personalAccessTokens)
    .innerJoin(sessions, eq(sessions.id, personalAccessTokens.sessionId))
    .leftJoin(devices, eq(devices.sessionId, personalAccessTokens.sessionId))
    .where(and(eq(personalAccessTokens.userId, userId), isLive()))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  return { tokens: rows.map(({ token, deviceName }) => presentToken({ ...token, name: deviceName ?? token.name })) };
}

/**
 * Revokes a token at once, by revoking its session: the next call with it is refused on every node and
 * its sockets are closed, as after a sign-out. A token already revoked, or another user's, is not found.
 */
export async function revokeToken(ctx: TokensContext, actor: Actor, tokenId: string): Promise<void> {
  requireSignedIn(actor);
  const [found] = await ctx.db
    .select({ token: personalAccessTokens })
    .from(personalAccessTokens)
    .innerJoin(sessions, eq(sessions.id, personalAccessTokens.sessionId))
    .where(and(eq(personalAccessTokens.id, tokenId), isNull(sessions.revokedAt)));
  if (!found) throw new AppError('NOT_FOUND');
  authorize(tokenPolicy, 'revoke', actor, found.token);
  await endToken(ctx, found.token);
}

/**
 * Ends the token's session, tells the nodes and sockets, and records "token revoked" in its owner's security
 * events, by whichever door it was revoked. Only the call that ended it records it.
 */
async function endToken(ctx: TokensContext, token: TokenRow): Promise<void> {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'token_revoked' })
    .where(and(eq(sessions.id, token.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of revoked) ctx.events.emit('session.revoked', { sessionId: id });
  if (revoked.length === 0) return;
  await recordSecurityEvent(ctx.db, { userId: token.userId, action: 'token.revoked', details: { name: token.name } });
}

/**
 * Ends every token of an account, those its device sign-ins made included, and denies the device sign-ins it
 * approved that no device has claimed yet (else one would get a token after this): when the account's identity
 * provider refuses the person (sso-recheck.ts). Each token's session ends, so every node and its sockets hear it.
 */
export async function endAccountTokens(ctx: TokensContext, userId: string, reason: string): Promise<void> {
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx
      .update(deviceAuthorizations)
      .set({ status: 'denied' })
      .where(and(eq(deviceAuthorizations.approvedBy, userId), eq(deviceAuthorizations.status, 'approved')));
    const tokenSessions = tx
      .select({ id: personalAccessTokens.sessionId })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, userId));
    return tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(inArray(sessions.id, tokenSessions), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
  });
  for (const { id } of revoked) ctx.events.emit('session.revoked', { sessionId: id });
}

/** A browser session asking about "its" token: it has none, and signs out with /auth/logout. */
const NOT_A_TOKEN = 'This call is for a personal access token; a browser session has none';

/** The caller's own token, found by the session it stands for; a browser session has none. */
async function callersToken(ctx: TokensContext, actor: Actor): Promise<{ token: TokenRow; user: UserRow }> {
  const caller = requireSignedIn(actor);
  if (!caller.scopes) throw new AppError('NOT_FOUND', NOT_A_TOKEN);
  const [found] = await ctx.db
    .select({ token: personalAccessTokens, user: users })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.sessionId, caller.sessionId));
  if (!found) throw new AppError('NOT_FOUND', NOT_A_TOKEN);
  authorize(tokenPolicy, 'read', actor, found.token);
  return found;
}

/** The calling token and whose it is: what a CLI shows as "signed in as". */
export async function describeCurrentToken(ctx: TokensContext, actor: Actor): Promise<CurrentToken> {
  const { token, user } = await callersToken(ctx, actor);
  return { token: presentToken(token), user: { id: user.id, email: user.email, name: user.name } };
}

/**
 * Ends the calling token, as revoking it from the settings page does (a CLI's sign-out). Only the caller's
 * own session is touched: a token can reach no other credential this way.
 */
export async function revokeCurrentToken(ctx: TokensContext, actor: Actor): Promise<void> {
  const { token } = await callersToken(ctx, actor);
  authorize(tokenPolicy, 'revoke', actor, token);
  await endToken(ctx, token);
}
