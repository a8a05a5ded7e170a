import { createHash } from 'node:crypto';

/** What a clipboard holds, as far as `watch` follows it: text, or a PNG image. */
export type ClipboardContent = { kind: 'text'; text: string } | { kind: 'image'; png: Buffer };

/**
 * An entry a password manager marked as secret or transient: never sent, its content never shown. `key`
 * tells one such entry from the next (a fingerprint, as `contentKey` makes), so a poll that reads the same
 * entry again is dropped as a repeat like any other.
 */
export type ConcealedEntry = { kind: 'concealed'; key: string };

/** What a backend reports the clipboard holds. */
export type ClipboardReading = ClipboardContent | ConcealedEntry;

/** The concealed entry of a content a password manager marked: known by its fingerprint, nothing more. */
export const concealedEntry = (content: ClipboardContent): ConcealedEntry => ({
  kind: 'concealed',
  key: `concealed:${contentKey(content)}`,
});

export const PNG_TYPE = 'image/png';

/** The X11 target and Wayland type by which KeePassXC and KDE mark a copied password (Klipper keeps it out). */
export const KDE_PASSWORD_HINT = 'x-kde-passwordManagerHint';

/**
 * Whether the owner of an entry offering `types` (X11 targets, Wayland types) marks it a secret through the
 * KDE hint, whose data `secret` is the one value its senders use. The hint is read only when offered.
 */
export async function isMarkedSecret(
  types: readonly string[],
  read: (type: string) => Promise<Buffer | null>,
): Promise<boolean> {
  if (!types.includes(KDE_PASSWORD_HINT)) return false;
  const hint = await read(KDE_PASSWORD_HINT);
  return hint !== null && hint.toString('utf8').trim() === 'secret';
}

/** The content of data read as `type`: text, or a PNG when it is one (a tool's "image/png" is checked). */
export function contentFrom(data: Buffer, type: string, encoding: BufferEncoding = 'utf8'): ClipboardContent | null {
  if (type !== PNG_TYPE) return { kind: 'text', text: data.toString(encoding) };
  return isPng(data) ? { kind: 'image', png: data } : null;
}

/**
 * A short fingerprint of a content, so the watcher can tell "the same as before" and "what I wrote myself"
 * without keeping whole images: the kind plus the SHA-256 of the bytes.
 */
export function contentKey(content: ClipboardReading): string {
  if (content.kind === 'concealed') return content.key;
  const hash = createHash('sha256');
  hash.update(content.kind === 'text' ? Buffer.from(content.text, 'utf8') : content.png);
  return `${content.kind}:${hash.digest('base64url')}`;
}

/** Whether the bytes start with PNG's signature: a tool that says "image/png" is checked, not trusted. */
export function isPng(bytes: Buffer): boolean {
  return bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}
