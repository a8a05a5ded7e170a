import { createReadStream } from 'node:fs';
import {
  CLIP_CONTENT_MAX,
  ENCRYPTED_FILE_NAME,
  ENCRYPTED_FILE_TYPE,
  FILE_NAME_MAX,
  MAX_UPLOAD_BYTES,
} from '@clipsync/shared';
import {
  encryptFile,
  encryptedFileSize,
  encryptText,
  encryptedTextLength,
  type ShareKey,
} from '@clipsync/shared/crypto';
import type { UploadSource } from '../api-client';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { formatBytesExactly } from '../format';

/**
 * The text's envelope (docs/encryption.md#text). Its length is known before encrypting, so a text the
 * server's column would refuse is refused here (exit 5, as the server's 413 would be) before any clip is made.
 */
export async function sealText(text: string, key: ShareKey): Promise<string> {
  const length = encryptedTextLength(Buffer.byteLength(text, 'utf8'), key.hasPassword);
  if (length > CLIP_CONTENT_MAX) {
    throw new CliError(
      `The text is too long to encrypt: its envelope would be ${length} characters, the server keeps at most ${CLIP_CONTENT_MAX}`,
      EXIT.TOO_LARGE,
    );
  }
  return encryptText(text, key);
}

/**
 * Each file as the upload of its sealed bytes: encrypted while it is sent, 64 KiB at a time from a read
 * stream (never held whole), under the server's placeholder name and type, the real ones sealed inside.
 * The 10 MB rule counts the sealed bytes (docs/encryption.md#files), so it is checked on those, up front.
 */
export function sealedUploads(files: UploadSource[], key: ShareKey): UploadSource[] {
  return files.map((file) => {
    const size = encryptedFileSize(file.size, key.hasPassword);
    if (size > MAX_UPLOAD_BYTES) {
      throw new CliError(
        `${file.name} is ${formatBytesExactly(size)} once encrypted: files may be at most ${formatBytesExactly(MAX_UPLOAD_BYTES)}`,
        EXIT.TOO_LARGE,
      );
    }
    const metadata = { name: cutName(file.name), type: file.type ?? '' };
    return {
      path: file.path,
      name: ENCRYPTED_FILE_NAME,
      type: ENCRYPTED_FILE_TYPE,
      size,
      label: file.name,
      body: () => encryptFile(createReadStream(file.path), key, metadata),
    };
  });
}

/** The name cut to what the server keeps of a plain file's (the format refuses longer), whole characters only. */
function cutName(name: string): string {
  let cut = '';
  for (const character of name) {
    if (cut.length + character.length > FILE_NAME_MAX) break;
    cut += character;
  }
  return cut;
}
