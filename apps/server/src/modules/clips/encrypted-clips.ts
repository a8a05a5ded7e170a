import { ENCRYPTED_FILE_NAME, ENCRYPTED_FILE_TYPE, EncryptedClipContent } from '@clipsync/shared';
import { AppError } from '../../lib/app-error';
import type { IncomingUpload } from '../../storage/store-upload';

// The server's part in end-to-end encrypted clips (docs/encryption.md): it keeps what it is given and learns
// nothing it could show, index or search. The rules live here so that every path a clip's text or files
// take (HTTP, the socket, uploads) applies the same ones.

/** Whether this text may be an encrypted clip's: an envelope is base64url, anything else was never sealed. */
export function isEnvelope(content: string): boolean {
  return EncryptedClipContent.safeParse(content).success;
}

/**
 * An edit of an encrypted clip must stay an envelope: plain text saved there would be shown to every
 * viewer as "incomplete link" and kept in clear by a server that promises to hold only ciphertext.
 */
export function assertEnvelope(content: string): void {
  if (!isEnvelope(content)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid content: an encrypted clip takes only base64url content');
  }
}

/**
 * A file of an encrypted clip as the server keeps it: its real name and type are sealed inside its bytes, so
 * whatever the client declared is dropped before anything (the store, the database, an error message) sees it.
 */
export function sealedUpload(upload: IncomingUpload): IncomingUpload {
  return { ...upload, name: ENCRYPTED_FILE_NAME, type: ENCRYPTED_FILE_TYPE };
}
