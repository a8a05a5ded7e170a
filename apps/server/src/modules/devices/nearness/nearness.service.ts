import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import {
  nearProofText,
  type CreateNearChallengeRequest,
  type DevicePublicKeyJwk,
  type NearChallenge,
  type NearProof,
  type NearProofRequest,
  type NearSignalEmit,
  type NearSignalPayload,
  type RegisterDeviceKeyRequest,
} from '@clipsync/shared';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { deviceNearness, devices, nearChallenges } from '../../../db/schema/index';
import { requireScope, requireSignedIn, type Actor } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { newId } from '../../../lib/secure-tokens';
import { findLiveDevice } from '../device-sessions';
import type { NearnessContext } from './nearness.context';
import { nearPeerPolicy } from './nearness.policy';
import { orderedPair, presentChallenge, presentProof } from './nearness.presenter';

/** Every refused proof looks the same, whatever failed: nothing tells a caller which part was wrong. */
const NOT_PROVED = () => new AppError('FORBIDDEN', 'Nearness was not proved');

/**
 * The calling browser as a device. Proofs and signals are for a signed-in browser or installed app that
 * registered itself (a token is 403 TOKEN_NOT_ALLOWED; a session that is no device, 403).
 */
async function callingDevice(ctx: NearnessContext, actor: Actor) {
  const signedIn = requireSignedIn(actor);
  requireScope(signedIn, undefined);
  const [device] = await ctx.db.select().from(devices).where(eq(devices.sessionId, signedIn.sessionId));
  if (!device) throw new AppError('FORBIDDEN', 'Register this browser as a device first');
  return device;
}

function publicKeyOf(jwk: DevicePublicKeyJwk): KeyObject | undefined {
  try {
    return createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
  } catch {
    return undefined;
  }
}

/** WebCrypto's ECDSA P-256 / SHA-256 signature (r‖s, IEEE P1363) of `text` by `jwk`'s private key. */
function signedBy(jwk: DevicePublicKeyJwk | null, text: string, signature: string): boolean {
  const key = jwk ? publicKeyOf(jwk) : undefined;
  if (!key) return false;
  const bytes = Buffer.from(signature, 'base64url');
  if (bytes.length !== 64) return false;
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), { key, dsaEncoding: 'ieee-p1363' }, bytes);
  } catch {
    return false;
  }
}

/**
 * The calling device's public key, replacing any earlier one. A point not on the curve is 400. Its proofs
 * made with the old key end with it: a new key is a new proof.
 */
export async function registerDeviceKey(
  ctx: NearnessContext,
  actor: Actor,
  input: RegisterDeviceKeyRequest,
): Promise<void> {
  const device = await callingDevice(ctx, actor);
  if (!publicKeyOf(input.publicKey)) throw new AppError('VALIDATION_FAILED', 'Not a P-256 public key');
  const { kty, crv, x, y } = input.publicKey;
  await ctx.db.transaction(async (tx) => {
    await tx.update(devices).set({ publicKey: { kty, crv, x, y } }).where(eq(devices.id, device.id));
    await tx
      .delete(deviceNearness)
      .where(or(eq(deviceNearness.deviceA, device.id), eq(deviceNearness.deviceB, device.id)));
  });
}

/** A single-use nonce for the calling device (A) and another of the account's devices (B), both with keys. */
export async function createChallenge(
  ctx: NearnessContext,
  actor: Actor,
  input: CreateNearChallengeRequest,
): Promise<NearChallenge> {
  const issuer = await callingDevice(ctx, actor);
  const other = await findLiveDevice(ctx.db, nearPeerPolicy, 'prove', actor, input.withDeviceId);
  if (!issuer.publicKey || !other.publicKey) {
    throw new AppError('CONFLICT', 'Both devices need a registered key to prove they are near');
  }
  const [row] = await ctx.db
    .insert(nearChallenges)
    .values({
      id: newId(),
      userId: issuer.userId,
      issuerDevice: issuer.id,
      otherDevice: other.id,
      nonce: randomBytes(32).toString('base64url'),
      expiresAt: new Date(Date.now() + ctx.timing.challengeTtlMs),
    })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return presentChallenge(row);
}

/**
 * The proof, posted by either device of the challenge: the one that asked for it (A, after the data
 * channel) or the other (B, which scanned A's QR code): both devices signed the challenge's text with the
 * keys they registered. The challenge is spent first, by one conditional UPDATE (so two posts racing on two
 * nodes spend it once); whatever fails after that, nothing is recorded and the answer is the one 403.
 * Proved, the pair is near for NEARNESS_TTL_MS (a renewed proof renews it), and the account's sockets hear it.
 */
export async function proveNearness(
  ctx: NearnessContext,
  actor: Actor,
  challengeId: string,
  input: NearProofRequest,
): Promise<NearProof> {
  const caller = await callingDevice(ctx, actor);
  const [challenge] = await ctx.db
    .update(nearChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(nearChallenges.id, challengeId),
        eq(nearChallenges.userId, caller.userId),
        or(eq(nearChallenges.issuerDevice, caller.id), eq(nearChallenges.otherDevice, caller.id)),
        isNull(nearChallenges.usedAt),
        gt(nearChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!challenge) throw NOT_PROVED();
  const issuerSignature = input.signatures[challenge.issuerDevice];
  const otherSignature = input.signatures[challenge.otherDevice];
  if (!issuerSignature || !otherSignature) throw NOT_PROVED();
  // The caller's peer as it is now: still the caller's, still signed in, with the key it has now.
  const peerId = challenge.issuerDevice === caller.id ? challenge.otherDevice : challenge.issuerDevice;
  const peer = await findLiveDevice(ctx.db, nearPeerPolicy, 'prove', actor, peerId).catch(() => {
    throw NOT_PROVED();
  });
  const [issuer, other] = challenge.issuerDevice === caller.id ? [caller, peer] : [peer, caller];
  const text = nearProofText({
    challengeId: challenge.id,
    nonce: challenge.nonce,
    issuerDeviceId: issuer.id,
    otherDeviceId: other.id,
  });
  if (!signedBy(issuer.publicKey, text, issuerSignature) || !signedBy(other.publicKey, text, otherSignature)) {
    throw NOT_PROVED();
  }
  const provedAt = new Date();
  const expiresAt = new Date(provedAt.getTime() + ctx.timing.nearnessTtlMs);
  const [row] = await ctx.db
    .insert(deviceNearness)
    .values({ userId: caller.userId, ...orderedPair(issuer.id, other.id), provedAt, expiresAt })
    .onConflictDoUpdate({ target: [deviceNearness.deviceA, deviceNearness.deviceB], set: { provedAt, expiresAt } })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  const proof = presentProof(row);
  ctx.events.emit('device.proved-near', { userId: caller.userId, ...proof });
  return proof;
}

/**
 * A `near:signal` from the calling device to another of the account's: where it goes (that device's
 * session channel) and what it says. The data is relayed as the device sent it; the server adds only
 * which device sent it, and never any address of its own knowledge.
 */
export async function routeSignal(
  ctx: NearnessContext,
  actor: Actor,
  input: NearSignalEmit,
): Promise<{ toSessionId: string; payload: NearSignalPayload }> {
  const from = await callingDevice(ctx, actor);
  const to = await findLiveDevice(ctx.db, nearPeerPolicy, 'signal', actor, input.toDeviceId);
  return { toSessionId: to.sessionId, payload: { fromDeviceId: from.id, data: input.data } };
}

/** Spent and expired challenges, and nearness past its 12 hours, are deleted. */
export async function deleteExpiredNearness(ctx: NearnessContext): Promise<void> {
  await ctx.db.delete(nearChallenges).where(lt(nearChallenges.expiresAt, sql`now()`));
  await ctx.db.delete(deviceNearness).where(lt(deviceNearness.expiresAt, sql`now()`));
}
