/**
 * End-to-end encryption of shared clips (docs/encryption.md). Imported as `@clipsync/shared/crypto`, apart
 * from the main entry, so only the pages that encrypt or decrypt load it.
 */
export { DecryptError, type DecryptFailure } from './decrypt-error';
export { ShareKey, type RandomSource, type ShareKeyOptions } from './share-key';
export {
  ACCOUNT_KEY_VERSION,
  ARGON2ID_COST,
  AccountKey,
  UnlockSecret,
  newPassphraseSalt,
  newRecoveryKey,
  parseRecoveryKey,
  unwrapClipKey,
  wrapClipKey,
  type SealingKey,
  type WrapKind,
  type WrappedAccountKey,
} from './account-key';
export { decryptText, encryptText, encryptedTextLength, textNeedsPassword } from './text';
export { encryptedFileSize, type FileMetadata } from './file-records';
export { decryptFile, decryptFileStream, encryptFile, encryptFileStream } from './file-stream';
export {
  FORMAT_VERSION,
  KEY_BYTES,
  METADATA_PLAINTEXT_BYTES,
  NONCE_BYTES,
  PBKDF2_ITERATIONS,
  RECORD_PLAINTEXT_BYTES,
  SALT_BYTES,
  TAG_BYTES,
} from './params';
/** Also the form of a device's nearness signatures (decision 030). */
export { decodeBase64Url, encodeBase64Url } from './base64url';
