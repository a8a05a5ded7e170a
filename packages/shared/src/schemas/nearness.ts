import { z } from 'zod';
import { text } from './text';
import { NEAR_PROOF_CONTEXT, NEAR_SIGNAL_DATA_MAX } from '../limits';
import { ResourceId } from './clips';

/**
 * Nearness proved by two of the account's own devices (decision 030, docs/api.md#nearness): they
 * open a WebRTC data channel with host candidates only (signalled through the server with `near:signal`),
 * exchange a nonce the server issued over that channel, both sign it, and the server checks both signatures
 * against the devices' registered public keys before it records the pair as near for NEARNESS_TTL_MS.
 */

const base64url = (length: { min: number; max: number }) =>
  z
    .string()
    .min(length.min)
    .max(length.max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

/**
 * A device's public key as WebCrypto exports it (`exportKey('jwk', publicKey)` of an ECDSA P-256 pair):
 * the curve point only. A private part (`d`) or any other member is refused (400), so a private key sent by
 * mistake is never stored.
 */
export const DevicePublicKeyJwk = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  /** 32-byte coordinates, 43 base64url characters each. */
  x: base64url({ min: 43, max: 43 }),
  y: base64url({ min: 43, max: 43 }),
  ext: z.boolean().optional(),
  key_ops: z.array(z.literal('verify')).max(1).optional(),
  alg: z.literal('ES256').optional(),
});
export type DevicePublicKeyJwk = z.infer<typeof DevicePublicKeyJwk>;

/** `PUT /api/devices/current/key`: the calling device's public key, replacing any it had. */
export const RegisterDeviceKeyRequest = z.object({ publicKey: DevicePublicKeyJwk });
export type RegisterDeviceKeyRequest = z.infer<typeof RegisterDeviceKeyRequest>;

/** `POST /api/nearness/challenges`: the other device of the pair (the caller's own, with a key). */
export const CreateNearChallengeRequest = z.object({ withDeviceId: ResourceId });
export type CreateNearChallengeRequest = z.infer<typeof CreateNearChallengeRequest>;

/** The nonce: 32 random bytes as 43 base64url characters. */
export const NearNonce = base64url({ min: 43, max: 43 });

export const NearChallenge = z.object({
  challengeId: ResourceId,
  nonce: NearNonce,
  /** ISO time, NEAR_CHALLENGE_TTL_MS after it was issued; used once. */
  expiresAt: z.string(),
});
export type NearChallenge = z.infer<typeof NearChallenge>;

export const NearChallengeParams = z.object({ challengeId: ResourceId });
export type NearChallengeParams = z.infer<typeof NearChallengeParams>;

/**
 * An ECDSA P-256 / SHA-256 signature as WebCrypto makes it: r‖s, 64 bytes (IEEE P1363), 86 base64url
 * characters. A DER signature (up to 72 bytes) is refused by the check, not here.
 */
export const NearSignature = base64url({ min: 1, max: 128 });

/** `POST /api/nearness/challenges/{challengeId}/proof`: both devices' signatures, by device id. */
export const NearProofRequest = z.object({
  signatures: z
    .record(ResourceId, NearSignature)
    .refine((signatures) => Object.keys(signatures).length === 2, 'The two devices of the challenge sign'),
});
export type NearProofRequest = z.infer<typeof NearProofRequest>;

export const NearProof = z.object({
  /** The pair, in id order. */
  deviceIds: z.tuple([ResourceId, ResourceId]),
  nearUntil: z.string(),
});
export type NearProof = z.infer<typeof NearProof>;

/**
 * The exact text both devices sign (UTF-8): the challenge's issuer is device A (it asked for the challenge),
 * the other is B; either of them posts the proof.
 */
export function nearProofText(input: {
  challengeId: string;
  nonce: string;
  issuerDeviceId: string;
  otherDeviceId: string;
}): string {
  return [NEAR_PROOF_CONTEXT, input.challengeId, input.nonce, input.issuerDeviceId, input.otherDeviceId].join('\n');
}

/**
 * What `near:signal` carries between two devices: an SDP offer or answer, or an ICE candidate, exactly as
 * the browser made it. The server does not read it; it parses it as JSON of bounded size and relays it.
 */
export const NearSignalData = z
  .record(text().max(64), z.json())
  .refine((data) => JSON.stringify(data).length <= NEAR_SIGNAL_DATA_MAX, 'Signal too large');
export type NearSignalData = z.infer<typeof NearSignalData>;

/** `near:signal` from a device: for another device of the same account. */
export const NearSignalEmit = z.object({ toDeviceId: ResourceId, data: NearSignalData });
export type NearSignalEmit = z.infer<typeof NearSignalEmit>;

/** `near:signal` to a device (its session's channel): from another device of the same account. */
export const NearSignalPayload = z.object({ fromDeviceId: ResourceId, data: NearSignalData });
export type NearSignalPayload = z.infer<typeof NearSignalPayload>;
