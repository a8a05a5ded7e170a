import { CLIP_CONTENT_MAX, MAX_UPLOAD_BYTES, utf8ByteLength } from '@clipsync/shared';
import { encryptedFileSize, encryptText, encryptedTextLength, type ShareKey } from '@clipsync/shared/crypto';
import { ApiError } from '@clipsync/shared/api-error';
import { openText, rememberOpenedText } from './opened-texts';
import { sealFile } from './sealed-files';

/**
 * What an end-to-end encrypted clip's saves go through: the text becomes an envelope (a fresh nonce each
 * time, the same key) and each file its sealed bytes, before anything leaves the browser.
 */
export interface ClipSealer {
  /** A password is mixed into the key (the envelope is 16 bytes longer). */
  hasPassword: boolean;
  /** Whether the text's envelope fits the clip's 1 000 000 characters (checked before saving). */
  fits(text: string): boolean;
  sealText(text: string): Promise<string>;
  sealFile(file: File): Promise<File>;
  /** An envelope the server answered (a conflicting save's text), opened to show it. */
  openText(envelope: string): Promise<string>;
}

/** The most UTF-8 bytes an encrypted text may take, for the message that says so. */
export const maxSealedTextBytes = (hasPassword: boolean) => {
  let bytes = Math.floor((CLIP_CONTENT_MAX * 3) / 4);
  while (encryptedTextLength(bytes, hasPassword) > CLIP_CONTENT_MAX) bytes -= 1;
  return bytes;
};

export function clipSealer(key: ShareKey): ClipSealer {
  return {
    hasPassword: key.hasPassword,
    fits: (text) => encryptedTextLength(utf8ByteLength(text), key.hasPassword) <= CLIP_CONTENT_MAX,
    async sealText(text) {
      const envelope = await encryptText(text, key);
      rememberOpenedText(key, envelope, text);
      return envelope;
    },
    async sealFile(file) {
      // The upload limit counts the sealed bytes: refused here, before sealing, as the server would refuse it.
      if (encryptedFileSize(file.size, key.hasPassword) > MAX_UPLOAD_BYTES) {
        throw new ApiError('', 413, 'PAYLOAD_TOO_LARGE');
      }
      return sealFile(file, key);
    },
    openText: (envelope) => openText(envelope, key),
  };
}
