import {
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  TOKEN_SCOPES,
  type DeviceCodeRequest,
  type DeviceCodeResponse,
  type DeviceRequestDetails,
  type DeviceTokenError,
  type DeviceTokenResponse,
  type TokenScope,
} from '@clipsync/shared';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { deviceAuthorizations } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';
import type { DeviceContext } from './tokens.context';
import { issueToken } from './tokens.service';
import { displayUserCode, newUserCode, normaliseUserCode } from './user-code';

const DEFAULT_SCOPES: TokenScope[] = ['clips:read', 'clips:write'];
/** A poll this much early still counts as on time: timers and networks are not exact. */
const POLL_TOLERANCE_MS = 500;
/** Tries at a fresh user code when a new one happens to equal a waiting one. */
const USER_CODE_TRIES = 5;

const isScope = (scope: string): scope is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(scope);

/** Starts a device sign-in: a device code for the client (kept as its hash) and a user code for the person. */
export async function startDeviceSignIn(ctx: DeviceContext, input: DeviceCodeRequest): Promise<DeviceCodeResponse> {
  const deviceCode = newSecretToken();
  const expiresAt = new Date(Date.now() + DEVICE_CODE_TTL_SECONDS * 1000);
  for (let attempt = 1; ; attempt += 1) {
    const userCode = newUserCode();
    const inserted = await ctx.db
      .insert(deviceAuthorizations)
      .values({
        id: newId(),
        deviceCodeHash: hashToken(deviceCode),
        userCode,
        clientName: input.clientName,
        scopes: input.scopes ?? DEFAULT_SCOPES,
        expiresAt,
      })
      .onConflictDoNothing({ target: deviceAuthorizations.userCode })
      .returning({ id: deviceAuthorizations.id });
    if (inserted.length > 0) {
      const verificationUri = `${ctx.publicUrl}/device`;
      return {
        device_code: deviceCode,
        user_code: displayUserCode(userCode),
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?code=${displayUserCode(userCode)}`,
        expires_in: DEVICE_CODE_TTL_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
      };
    }
    if (attempt >= USER_CODE_TRIES) throw new AppError('INTERNAL');
  }
}

const CODES: Record<DeviceTokenError['error'], DeviceTokenError['code']> = {
  authorization_pending: 'AUTHORIZATION_PENDING',
  slow_down: 'SLOW_DOWN',
  access_denied: 'ACCESS_DENIED',
  expired_token: 'EXPIRED_TOKEN',
  invalid_grant: 'INVALID_GRANT',
};

const refusal = (error: DeviceTokenError['error'], description: string): DeviceTokenError => ({
  error,
  error_description: description,
  code: CODES[error],
});

/**
 * The device's poll. Answers the token once, after approval (the status moves from approved to used in
 * one conditional UPDATE, so two polls at once cannot both get one); a poll sooner than the interval
 * after the last is told to slow down.
 */
export async function pollDeviceToken(
  ctx: DeviceContext,
  deviceCode: string,
): Promise<DeviceTokenResponse | DeviceTokenError> {
  const codeHash = hashToken(deviceCode);
  const [row] = await ctx.db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.deviceCodeHash, codeHash));
  if (!row || row.status === 'used')
    return refusal('invalid_grant', 'This device code is unknown or was already used.');
  if (row.expiresAt.getTime() <= Date.now())
    return refusal('expired_token', 'This device code has expired. Start again.');
  if (row.status === 'denied') return refusal('access_denied', 'The sign-in was denied.');

  const now = new Date();
  const polled = await ctx.db
    .update(deviceAuthorizations)
    .set({ lastPolledAt: now })
    .where(
      and(
        eq(deviceAuthorizations.id, row.id),
        or(
          isNull(deviceAuthorizations.lastPolledAt),
          lt(
            deviceAuthorizations.lastPolledAt,
            new Date(now.getTime() - DEVICE_POLL_INTERVAL_SECONDS * 1000 + POLL_TOLERANCE_MS),
          ),
        ),
      ),
    )
    .returning({ id: deviceAuthorizations.id });
  if (polled.length === 0) {
    return refusal('slow_down', `Poll at most every ${DEVICE_POLL_INTERVAL_SECONDS} seconds.`);
  }
  if (row.status !== 'approved' || !row.approvedBy) {
    return refusal('authorization_pending', 'Waiting for the sign-in to be approved in a browser.');
  }

  const [claimed] = await ctx.db
    .update(deviceAuthorizations)
    .set({ status: 'used' })
    .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'approved')))
    .returning();
  if (!claimed?.approvedBy) return refusal('invalid_grant', 'This device code is unknown or was already used.');
  const scopes = claimed.scopes.filter(isScope);
  try {
    const created = await issueToken(ctx, claimed.approvedBy, { name: claimed.clientName, scopes, source: 'device' });
    return { access_token: created.token, token_type: 'bearer', scope: scopes.join(' ') };
  } catch (error) {
    // No token came of the claim (the user holds the most tokens allowed, or the database failed): the approval
    // stands, so the device's next poll can still get its token once the user has made room.
    await ctx.db
      .update(deviceAuthorizations)
      .set({ status: 'approved' })
      .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'used')));
    throw error;
  }
}

/** Where a miss is counted: the signed-in account and the caller's address. */
export interface MissKeys {
  account: string;
  address: string;
}

/**
 * The waiting sign-in a user code names, for the signed-in browser. Unknown, used or expired codes are
 * one 404, and each counts as a miss: past the misses allowed per account or per address, 429.
 */
async function findPending(ctx: DeviceContext, actor: Actor, typed: string, address: string) {
  const { userId } = requireSignedIn(actor);
  const keys = [`device-code-miss:account:${userId}`, `device-code-miss:address:${address}`];
  for (const key of keys) {
    const retryAfter = await ctx.missLimiter.check(key);
    if (retryAfter > 0) {
      throw new AppError('RATE_LIMITED', `Too many unknown codes. Please try again in ${retryAfter} seconds.`);
    }
  }
  const code = normaliseUserCode(typed);
  const [row] = code
    ? await ctx.db
        .select()
        .from(deviceAuthorizations)
        .where(
          and(
            eq(deviceAuthorizations.userCode, code),
            eq(deviceAuthorizations.status, 'pending'),
            gt(deviceAuthorizations.expiresAt, new Date()),
          ),
        )
    : [];
  if (!row) {
    await Promise.all(keys.map((key) => ctx.missLimiter.hit(key)));
    throw new AppError('NOT_FOUND', 'This code is unknown or has expired. Check it, or start again on the device.');
  }
  return { row, userId };
}

export async function lookUpDeviceRequest(
  ctx: DeviceContext,
  actor: Actor,
  typed: string,
  address: string,
): Promise<DeviceRequestDetails> {
  const { row } = await findPending(ctx, actor, typed, address);
  return {
    userCode: displayUserCode(row.userCode),
    clientName: row.clientName,
    scopes: row.scopes.filter(isScope),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Approves or denies a waiting sign-in; a code decided already (by another tab) is not found. */
export async function decideDeviceRequest(
  ctx: DeviceContext,
  actor: Actor,
  typed: string,
  address: string,
  decision: 'approved' | 'denied',
): Promise<void> {
  const { row, userId } = await findPending(ctx, actor, typed, address);
  const [decided] = await ctx.db
    .update(deviceAuthorizations)
    .set({ status: decision, approvedBy: decision === 'approved' ? userId : null })
    .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'pending')))
    .returning({ id: deviceAuthorizations.id });
  if (!decided) throw new AppError('NOT_FOUND', 'This code is unknown or has expired.');
}

/** Sign-ins expired a while ago are deleted; an hour's grace keeps `expired_token` answers meaningful. */
export async function sweepDeviceSignIns(ctx: DeviceContext): Promise<void> {
  await ctx.db
    .delete(deviceAuthorizations)
    .where(lt(deviceAuthorizations.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
}
