import { z } from 'zod';
import { text } from './text';

/**
 * The account key of an end-to-end encrypted clipboard, as the server keeps and hands it out
 * (docs/encryption.md#account-keys): wrapped copies only, and the SHA-256 of each copy's unlock proof.
 */
const base64Url = (length: number) => text().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), 'Must be base64url');

/** 16 bytes in base64url: a key id, a passphrase's Argon2id salt. */
const Base64Url16 = base64Url(22);
/** 32 bytes in base64url: an unlock proof. */
export const UnlockProof = base64Url(43);

/** A text envelope of `{"account","key"}`: a few hundred characters; 1 000 leaves room and bounds it. */
const WrappedEnvelope = text()
  .min(40)
  .max(1_000)
  .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');

export const WrappedAccountKey = z.discriminatedUnion('kind', [
  z.strictObject({
    version: z.literal(1),
    kind: z.literal('passphrase'),
    salt: Base64Url16,
    envelope: WrappedEnvelope,
  }),
  z.strictObject({ version: z.literal(1), kind: z.literal('recovery'), envelope: WrappedEnvelope }),
]);
export type WrappedAccountKey = z.infer<typeof WrappedAccountKey>;
export const WrapKind = z.enum(['passphrase', 'recovery']);

/** What every device may read before it unlocks: whether the clipboard is sealed, and how to stretch. */
export const ClipboardKeyStatus = z.object({
  enabled: z.boolean(),
  /** The account key's public id (a device checks the key it remembered is still this one); null when off. */
  keyId: z.string().nullable(),
  /** The passphrase copy's Argon2id salt, to derive the unlock proof from the passphrase; null when off. */
  passphraseSalt: z.string().nullable(),
  /**
   * The owner's clips the server can read (not `encrypted`): what a device turning the encryption on still has
   * to seal (`GET /clipboard/history?sealed=false` lists them). Counted whether the encryption is on or not.
   */
  plainClips: z.number().int(),
  /** The owner's clips sealed by the clipboard key (a `wrappedKey`): to unseal before turning it off. */
  sealedClips: z.number().int(),
});
export type ClipboardKeyStatus = z.infer<typeof ClipboardKeyStatus>;

const WrappedCopy = <K extends z.ZodType>(wrapped: K) => z.strictObject({ wrapped, unlockProof: UnlockProof });

export const EnableClipboardKeyRequest = z.strictObject({
  keyId: Base64Url16,
  passphrase: WrappedCopy(WrappedAccountKey.options[0]),
  recovery: WrappedCopy(WrappedAccountKey.options[1]),
});
export type EnableClipboardKeyRequest = z.infer<typeof EnableClipboardKeyRequest>;

/** A passphrase's or the recovery key's proof: checked, and counted when wrong. */
export const UnlockClipboardKeyRequest = z.strictObject({ kind: WrapKind, unlockProof: UnlockProof });
export type UnlockClipboardKeyRequest = z.infer<typeof UnlockClipboardKeyRequest>;

export const UnlockedClipboardKey = z.object({ keyId: z.string(), wrapped: WrappedAccountKey });
export type UnlockedClipboardKey = z.infer<typeof UnlockedClipboardKey>;

/** A new passphrase's copy, proved by the current passphrase or the recovery key: the key itself stays. */
export const ChangeClipboardPassphraseRequest = z.strictObject({
  proof: UnlockClipboardKeyRequest,
  passphrase: WrappedCopy(WrappedAccountKey.options[0]),
});
export type ChangeClipboardPassphraseRequest = z.infer<typeof ChangeClipboardPassphraseRequest>;
