import { asBytes, concatBytes, utf8Decoder, utf8Encoder } from './bytes';
import { DecryptError } from './decrypt-error';
import { headerPrefix, prefixLength, prefixSalt } from './header';
import { FILE_NAME_MAX, FILE_TYPE_MAX } from '../limits';
import {
  METADATA_CIPHERTEXT_BYTES,
  METADATA_PLAINTEXT_BYTES,
  NONCE_BYTES,
  RECORD_CIPHERTEXT_BYTES,
  RECORD_PLAINTEXT_BYTES,
  SALT_BYTES,
  TAG_BYTES,
} from './params';
import { contentKey, randomBytes, sealingSalt, type ShareKey } from './share-key';

/**
 * The file format's record layer (docs/encryption.md#files). A file is
 *   header: version (1) · flags (1) · salt (16, with a password) · nonce base (12)
 *   record 0: the name and type, padded to 4096 bytes, + tag
 *   records 1…n: 64 KiB of content each + tag; the last holds 0–64 KiB and is marked final
 * Record i's nonce is the nonce base XOR i (big-endian, in its last 4 bytes); its additional data is the
 * header, i (4 bytes big-endian) and a final byte (1 on the last record, else 0). A record moved, dropped,
 * repeated or appended, or a stream cut at a record boundary, fails its tag.
 */
export interface FileMetadata {
  /** At most FILE_NAME_MAX UTF-16 units, as the server keeps. */
  name: string;
  /** At most FILE_TYPE_MAX characters. */
  type: string;
}

type Bytes = Uint8Array<ArrayBuffer>;
/** 2^32 records of 64 KiB: 256 TiB, far beyond any upload; the index must not wrap. */
const MAX_RECORDS = 0xffff_ffff;

function recordNonce(nonceBase: Uint8Array, index: number): Bytes {
  const nonce = Uint8Array.from(nonceBase);
  const view = new DataView(nonce.buffer);
  view.setUint32(NONCE_BYTES - 4, view.getUint32(NONCE_BYTES - 4) ^ index);
  return nonce;
}

function recordAad(header: Uint8Array, index: number, final: boolean): Bytes {
  const aad = new Uint8Array(header.length + 5);
  aad.set(header);
  new DataView(aad.buffer).setUint32(header.length, index);
  aad[header.length + 4] = final ? 1 : 0;
  return aad;
}

function encodeMetadata(metadata: FileMetadata): Bytes {
  const { name, type } = metadata;
  if (typeof name !== 'string' || name.length > FILE_NAME_MAX) {
    throw new RangeError(`a file name is a string of at most ${FILE_NAME_MAX} characters`);
  }
  if (typeof type !== 'string' || type.length > FILE_TYPE_MAX) {
    throw new RangeError(`a file type is a string of at most ${FILE_TYPE_MAX} characters`);
  }
  // JSON escapes every control character, so the JSON holds no zero byte and the padding is unambiguous.
  // At most 2 × 255 × 6 bytes (every character escaped) + 21: it always fits.
  const padded = new Uint8Array(METADATA_PLAINTEXT_BYTES);
  padded.set(utf8Encoder.encode(JSON.stringify({ name, type })));
  return padded;
}

function decodeMetadata(padded: Uint8Array): FileMetadata {
  const end = padded.indexOf(0);
  const json = end < 0 ? padded : padded.subarray(0, end);
  let value: unknown;
  try {
    if (end >= 0 && padded.subarray(end).some((byte) => byte !== 0)) throw new Error('padding');
    value = JSON.parse(utf8Decoder.decode(json));
  } catch {
    throw new DecryptError('MALFORMED', "the file's metadata record is not valid");
  }
  if (typeof value !== 'object' || value === null)
    throw new DecryptError('MALFORMED', 'file metadata is not an object');
  const { name, type } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof type !== 'string') {
    throw new DecryptError('MALFORMED', 'file metadata lacks a name or type');
  }
  return { name, type };
}

async function sealRecord(
  aesKey: CryptoKeyOf,
  header: Uint8Array,
  nonceBase: Uint8Array,
  index: number,
  final: boolean,
  plain: Bytes,
): Promise<Bytes> {
  if (index > MAX_RECORDS) throw new RangeError('file too large for one stream');
  const sealed = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: recordNonce(nonceBase, index), additionalData: recordAad(header, index, final) },
    aesKey,
    plain,
  );
  return new Uint8Array(sealed);
}

async function openRecord(
  aesKey: CryptoKeyOf,
  header: Uint8Array,
  nonceBase: Uint8Array,
  index: number,
  final: boolean,
  sealed: Bytes,
): Promise<Bytes> {
  try {
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: recordNonce(nonceBase, index), additionalData: recordAad(header, index, final) },
      aesKey,
      sealed,
    );
    return new Uint8Array(plain);
  } catch {
    throw new DecryptError(
      'AUTHENTICATION_FAILED',
      `file record ${index} did not authenticate: wrong key or password, or the file was altered or cut`,
    );
  }
}

type CryptoKeyOf = Awaited<ReturnType<typeof contentKey>>;

/** Seals one file: the header and metadata record first, then content pushed in chunks of any size. */
export interface FileSealer {
  /** Header and metadata record, as one chunk. */
  start(): Promise<Bytes>;
  /** Records completed by `chunk` (a record is sealed only once more data shows it is not the last). */
  push(chunk: Uint8Array): AsyncGenerator<Bytes>;
  /** The final record (0–64 KiB of content). */
  finish(): Promise<Bytes>;
}

/** Validates `metadata` at once (RangeError), so a caller fails before reading the file. */
export function createFileSealer(key: ShareKey, metadata: FileMetadata): FileSealer {
  const metadataRecord = encodeMetadata(metadata);
  const salt = sealingSalt(key);
  const nonceBase = randomBytes(key, NONCE_BYTES);
  const header = concatBytes(headerPrefix(salt), nonceBase);
  const buffer = new Uint8Array(RECORD_PLAINTEXT_BYTES);
  let filled = 0;
  let index = 0;
  const seal = async (plain: Bytes, final: boolean) =>
    sealRecord(await contentKey(key, 'file', salt), header, nonceBase, index++, final, plain);

  return {
    async start() {
      return concatBytes(header, await seal(metadataRecord, false));
    },
    async *push(chunk) {
      const bytes = asBytes(chunk);
      for (let offset = 0; offset < bytes.length;) {
        if (filled === RECORD_PLAINTEXT_BYTES) {
          yield await seal(buffer, false);
          filled = 0;
        }
        const n = Math.min(RECORD_PLAINTEXT_BYTES - filled, bytes.length - offset);
        buffer.set(bytes.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
      }
    },
    async finish() {
      return seal(buffer.subarray(0, filled), true);
    },
  };
}

/** Opens one file; `metadata` is set once the metadata record has authenticated. */
export interface FileOpener {
  readonly metadata: FileMetadata | undefined;
  push(chunk: Uint8Array): AsyncGenerator<Bytes>;
  /** The final record's content; throws DecryptError if the file ended early. */
  finish(): Promise<Bytes>;
}

export function createFileOpener(key: ShareKey): FileOpener {
  type Phase = 'prefix' | 'header' | 'metadata' | 'records';
  let phase: Phase = 'prefix';
  // Big enough for a whole record; the header and metadata record are smaller.
  const buffer = new Uint8Array(RECORD_CIPHERTEXT_BYTES);
  let need = 2;
  let filled = 0;
  let index = 0;
  let header = new Uint8Array(0);
  let nonceBase = new Uint8Array(0);
  let aesKey: Promise<CryptoKeyOf> | undefined;
  let metadata: FileMetadata | undefined;

  const open = async (sealed: Bytes, final: boolean) =>
    openRecord(await aesKey!, header, nonceBase, index++, final, sealed);

  const advance = async () => {
    if (phase === 'prefix') {
      need = prefixLength(buffer[0]!, buffer[1]!) + NONCE_BYTES;
      phase = 'header';
    } else if (phase === 'header') {
      header = buffer.slice(0, need);
      nonceBase = header.subarray(need - NONCE_BYTES);
      aesKey = contentKey(key, 'file', prefixSalt(header.subarray(0, need - NONCE_BYTES)));
      await aesKey;
      phase = 'metadata';
      need = METADATA_CIPHERTEXT_BYTES;
      filled = 0;
    } else if (phase === 'metadata') {
      metadata = decodeMetadata(await open(buffer.subarray(0, need), false));
      phase = 'records';
      need = RECORD_CIPHERTEXT_BYTES;
      filled = 0;
    }
  };

  return {
    get metadata() {
      return metadata;
    },
    async *push(chunk) {
      const bytes = asBytes(chunk);
      for (let offset = 0; offset < bytes.length;) {
        // A full record is opened as not-final only when more bytes show it is not the last.
        if (phase === 'records' && filled === need) {
          yield await open(buffer, false);
          filled = 0;
        }
        const n = Math.min(need - filled, bytes.length - offset);
        buffer.set(bytes.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (phase !== 'records' && filled === need) await advance();
      }
    },
    async finish() {
      if (phase !== 'records') throw new DecryptError('MALFORMED', 'the file ends before its first content record');
      if (filled < TAG_BYTES) {
        throw new DecryptError('AUTHENTICATION_FAILED', "the file's last record is missing or cut");
      }
      return open(buffer.subarray(0, filled), true);
    },
  };
}

/** Bytes a file of `plaintextBytes` takes once encrypted (for Content-Length and quota checks). */
export function encryptedFileSize(plaintextBytes: number, withPassword: boolean): number {
  const records = Math.max(1, Math.ceil(plaintextBytes / RECORD_PLAINTEXT_BYTES));
  const header = 2 + (withPassword ? SALT_BYTES : 0) + NONCE_BYTES;
  return header + METADATA_CIPHERTEXT_BYTES + plaintextBytes + records * TAG_BYTES;
}
