import { createHash } from 'node:crypto';

/** What a clipboard holds, as far as `watch` follows it: text, or a PNG image. */
export type ClipboardContent = { kind: 'text'; text: string } | { kind: 'image'; png: Buffer };

export const PNG_TYPE = 'image/png';

/**
 * A short fingerprint of a content, so the watcher can tell "the same as before" and "what I wrote myself"
 * without keeping whole images: the kind plus the SHA-256 of the bytes.
 */
export function contentKey(content: ClipboardContent): string {
  const hash = createHash('sha256');
  hash.update(content.kind === 'text' ? Buffer.from(content.text, 'utf8') : content.png);
  return `${content.kind}:${hash.digest('base64url')}`;
}

/** Whether the bytes start with PNG's signature: a tool that says "image/png" is checked, not trusted. */
export function isPng(bytes: Buffer): boolean {
  return bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}
