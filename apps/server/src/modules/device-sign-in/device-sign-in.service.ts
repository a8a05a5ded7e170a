import {
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_SIGN_IN_SCOPES,
  type DeviceSignInApprovalRequest,
  type DeviceCodeRequest,
  type DeviceCodeResponse,
  type DeviceSignInDetails,
  type DeviceSignInNetwork,
  type DeviceTokenError,
  type DeviceTokenResponse,
  type DeviceSignInScope,
} from '@clipsync/shared';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { deviceAuthorizations } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { hashToken, newId, newSecretToken } from '../../lib/secure-tokens';
import { cleanClientName } from './client-name';
import type { DeviceSignInContext } from './device-sign-in.context';
import { issueToken } from '../tokens/tokens.service';
import { displayUserCode, newUserCode, normaliseUserCode } from './user-code';
import { recordSecurityEvent } from '../audit/audit.recorder';

const DEFAULT_SCOPES: DeviceSignInScope[] = ['clips:read', 'clips:write'];
/** A poll this much early still counts as on time: timers and networks are not exact. */
const POLL_TOLERANCE_MS = 500;
/** Tries at a fresh user code when a new one happens to equal a waiting one. */
const USER_CODE_TRIES = 5;

/** A scope a device sign-in may grant: never `admin`, whatever a stored request says. */
const isScope = (scope: string): scope is DeviceSignInScope =>
  (DEVICE_SIGN_IN_SCOPES as readonly string[]).includes(scope);

/** Who asks for a code: the network they ask from (a fingerprint, or undefined) and their User-Agent. */
export interface SignInOrigin {
  network: string | undefined;
  userAgent: string | undefined;
}

/**
 * Starts a device sign-in: a device code for the client (kept as its hash) and a user code for the person.
 * The network it started from is kept by fingerprint, for the approving page to compare with its own.
 */
export async function startDeviceSignIn(
  ctx: DeviceSignInContext,
  input: DeviceCodeRequest,
  origin: SignInOrigin,
): Promise<DeviceCodeResponse> {
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
        clientName: cleanClientName(input.clientName, origin.userAgent),
        scopes: input.scopes ?? DEFAULT_SCOPES,
        expiresAt,
        networkFingerprint: origin.network ?? null,
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
  ctx: DeviceSignInContext,
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
    if (error instanceof AppError && error.code === 'ACCOUNT_DISABLED') {
      // The account was disabled since the approval: the sign-in is over for good, not waiting for room.
      await ctx.db.update(deviceAuthorizations).set({ status: 'denied' }).where(eq(deviceAuthorizations.id, row.id));
      return refusal('access_denied', 'The sign-in was denied.');
    }
    // No token came of the claim (the user holds the most tokens allowed, or the database failed): the approval
    // stands, so the device's next poll can still get its token once the user has made room.
    await ctx.db
      .update(deviceAuthorizations)
      .set({ status: 'approved' })
      .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'used')));
    throw error;
  }
}

/** The approving browser: its limit key (lib/address-limit-key.ts) and its network's fingerprint, if known. */
export interface ApprovingCaller {
  address: string;
  network: string | undefined;
}

/**
 * The waiting sign-in a user code names, for the signed-in browser. Unknown, used or expired codes are
 * one 404, and each counts as a miss for the account from this address, for the account, and for the
 * address: past any of their limits, 429. The address's limit is far higher than an account's, so wrong
 * codes from one person behind a NAT never lock out the others there.
 */
async function findPending(ctx: DeviceSignInContext, actor: Actor, typed: string, caller: ApprovingCaller) {
  const { userId } = requireSignedIn(actor);
  const { perClient, perAccount, perAddress } = ctx.codeMisses;
  const counts = [
    { limiter: perClient, key: `device-code-miss:client:${userId}:${caller.address}` },
    { limiter: perAccount, key: `device-code-miss:account:${userId}` },
    { limiter: perAddress, key: `device-code-miss:address:${caller.address}` },
  ];
  const wait = Math.max(...(await Promise.all(counts.map(({ limiter, key }) => limiter.check(key)))));
  if (wait > 0) {
    const error = new AppError('RATE_LIMITED', 'Too many unknown codes. Please try again later.');
    error.retryAfterSeconds = wait;
    throw error;
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
    await Promise.all(counts.map(({ limiter, key }) => limiter.hit(key)));
    throw new AppError('NOT_FOUND', 'This code is unknown or has expired. Check it, or start again on the device.');
  }
  return { row, userId };
}

const networkCompared = (asked: string | null, approving: string | undefined): DeviceSignInNetwork =>
  asked === null || approving === undefined ? 'unknown' : asked === approving ? 'same' : 'different';

export async function lookUpSignInRequest(
  ctx: DeviceSignInContext,
  actor: Actor,
  typed: string,
  caller: ApprovingCaller,
): Promise<DeviceSignInDetails> {
  const { row } = await findPending(ctx, actor, typed, caller);
  return {
    userCode: displayUserCode(row.userCode),
    clientName: row.clientName,
    scopes: row.scopes.filter(isScope),
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    network: networkCompared(row.networkFingerprint, caller.network),
  };
}

/**
 * Approves a waiting sign-in with the scopes the user left ticked: only ones the device asked for, and the
 * token will have these alone. A code decided already (by another tab) is not found.
 */
export async function approveSignInRequest(
  ctx: DeviceSignInContext,
  actor: Actor,
  input: DeviceSignInApprovalRequest,
  caller: ApprovingCaller,
): Promise<void> {
  const { row, userId } = await findPending(ctx, actor, input.userCode, caller);
  if (input.scopes.some((scope) => !row.scopes.includes(scope))) {
    throw new AppError('VALIDATION_FAILED', 'Approve only scopes the device asked for.');
  }
  await decide(ctx, row.id, { status: 'approved', approvedBy: userId, scopes: input.scopes });
  await recordSecurityEvent(ctx.db, {
    userId,
    action: 'device_sign_in.approved',
    details: { clientName: row.clientName, scopes: input.scopes },
  });
}

export async function denySignInRequest(
  ctx: DeviceSignInContext,
  actor: Actor,
  typed: string,
  caller: ApprovingCaller,
): Promise<void> {
  const { row } = await findPending(ctx, actor, typed, caller);
  await decide(ctx, row.id, { status: 'denied', approvedBy: null });
}

/** Records a decision on a sign-in still pending: of two tabs deciding at once, the second finds nothing. */
async function decide(
  ctx: DeviceSignInContext,
  id: string,
  decision: { status: 'approved' | 'denied'; approvedBy: string | null; scopes?: DeviceSignInScope[] },
): Promise<void> {
  const [decided] = await ctx.db
    .update(deviceAuthorizations)
    .set(decision)
    .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, 'pending')))
    .returning({ id: deviceAuthorizations.id });
  if (!decided) throw new AppError('NOT_FOUND', 'This code is unknown or has expired.');
}

/** Sign-ins expired a while ago are deleted; an hour's grace keeps `expired_token` answers meaningful. */
export async function sweepDeviceSignIns(ctx: DeviceSignInContext): Promise<void> {
  await ctx.db
    .delete(deviceAuthorizations)
    .where(lt(deviceAuthorizations.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
}
