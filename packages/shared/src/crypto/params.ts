/**
 * The parameters of format version 1 (docs/encryption.md). They are fixed by the version byte, never read
 * from the data: a changed cost or size is a new version, so altered data cannot make a viewer run
 * a billion PBKDF2 rounds or allocate a gigabyte record.
 */
export const FORMAT_VERSION = 1;
/** Flags byte: bit 0 set when a password is mixed in (a salt follows). Other bits must be zero. */
export const FLAG_PASSWORD = 0x01;
/** AES-256: the fragment key and the derived content keys. */
export const KEY_BYTES = 32;
export const SALT_BYTES = 16;
export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;
/** OWASP Password Storage Cheat Sheet's figure for PBKDF2-HMAC-SHA256 (2023 onwards). */
export const PBKDF2_ITERATIONS = 600_000;
/** Plaintext bytes per file record, as Firefox Send's encrypted content encoding. */
export const RECORD_PLAINTEXT_BYTES = 65_536;
export const RECORD_CIPHERTEXT_BYTES = RECORD_PLAINTEXT_BYTES + TAG_BYTES;
/** A file's name and type are padded to this size, so the ciphertext does not tell the name's length. */
export const METADATA_PLAINTEXT_BYTES = 4_096;
export const METADATA_CIPHERTEXT_BYTES = METADATA_PLAINTEXT_BYTES + TAG_BYTES;
