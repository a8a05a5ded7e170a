import type { ClipOrCard, DeviceSendPayload } from '@clipsync/shared';
import { openSealedText } from './sealed-history/open-sealed-clip';

/** A toast's line is short: longer text is cut here, and the whole of it is what Copy takes. */
export const SEND_PREVIEW_MAX = 120;

/**
 * What this device made of a sealed send (an account's clipboard encrypted end to end): its text opened, `locked`
 * (this device does not hold the clipboard's key), or `failed` (it did not open with it: altered or cut).
 */
export type OpenedSeal = { state: 'open'; text: string } | { state: 'locked' } | { state: 'failed' };

/** A send as this device acts on it: a sealed one with what opening it gave (never its envelope as text). */
export type ReceivedSend = DeviceSendPayload & { opened?: OpenedSeal };

/** What a received send shows and offers: its words (or why there are none), what Copy takes, what Open opens. */
export interface ReceivedSendView {
  preview:
    | { kind: 'text'; text: string }
    | { kind: 'encrypted' }
    | { kind: 'files'; count: number }
    | { kind: 'locked' }
    | { kind: 'sealedFailed' };
  /** Absent when there is nothing to copy: an envelope this device did not open, or a clip of files only. */
  copyText?: string;
  /** The clip to open, for a sent clip. */
  clipId?: string;
  /** A clip's first file and how many more came with it, for the toast to name ("report.pdf (1.2 MB)"). */
  attachment?: { name: string; size: number; more: number };
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SEND_PREVIEW_MAX ? `${flat.slice(0, SEND_PREVIEW_MAX - 1)}…` : flat;
};

/** A sealed text or clip that did not open: why, never its envelope. */
const unopened = (opened: OpenedSeal | undefined): ReceivedSendView['preview'] =>
  opened?.state === 'failed' ? { kind: 'sealedFailed' } : { kind: 'locked' };

export function viewOfSend({
  text,
  wrappedKey,
  clip,
  opened,
}: Omit<ReceivedSend, 'id' | 'from' | 'sentAt'>): ReceivedSendView {
  if (!clip) {
    // Sealed text is an envelope: only its opened text is shown or copied.
    const plain = wrappedKey ? (opened?.state === 'open' ? opened.text : undefined) : (text ?? '');
    if (plain === undefined) return { preview: unopened(opened) };
    return { preview: { kind: 'text', text: oneLine(plain) }, copyText: plain };
  }
  if (clip.encrypted) {
    // Opened here with the clip's own key (a sealed clip of this account, this device unlocked); else its page
    // opens it, where the key is. A sealed clip's files carry neutral names: none is named here.
    if (!opened) return { preview: { kind: 'encrypted' }, clipId: clip.id };
    if (opened.state !== 'open') return { preview: unopened(opened), clipId: clip.id };
    if (!opened.text.trim()) return { preview: { kind: 'files', count: clip.files.length }, clipId: clip.id };
    return { preview: { kind: 'text', text: oneLine(opened.text) }, copyText: opened.text, clipId: clip.id };
  }
  const [first] = clip.files;
  const attached = first ? { attachment: { name: first.name, size: first.size, more: clip.files.length - 1 } } : {};
  if (!clip.content.trim())
    return { preview: { kind: 'files', count: clip.files.length }, clipId: clip.id, ...attached };
  return {
    preview: { kind: 'text', text: oneLine(clip.content) },
    copyText: clip.content,
    clipId: clip.id,
    ...attached,
  };
}

/** Whether acting on `send` needs to know if this device holds the clipboard's key. */
export const isSealedSend = (send: DeviceSendPayload): boolean =>
  Boolean(send.wrappedKey) || Boolean(send.clip?.encrypted);

/**
 * Opens a sealed send with the account's sealing key (`null`: this device is locked). Sealed text opens with its
 * own wrapped key. A sent encrypted clip carries no key: its owner's copy of the clip does (`readClip`), when it
 * is one the clipboard sealed; a clip encrypted for a link only (no wrapped key), or one that cannot be read now,
 * gives `undefined`, and the send shows as an encrypted clip to open.
 */
export async function openSealedSend(
  send: DeviceSendPayload,
  sealingKey: CryptoKey | null,
  readClip: (id: string) => Promise<ClipOrCard>,
): Promise<OpenedSeal | undefined> {
  if (send.wrappedKey) {
    if (!sealingKey) return { state: 'locked' };
    return openWith(sealingKey, send.wrappedKey, send.text ?? '');
  }
  if (!send.clip?.encrypted || !sealingKey) return undefined;
  const clip = await readClip(send.clip.id).catch(() => null);
  if (!clip || !('wrappedKey' in clip) || !clip.wrappedKey) return undefined;
  // The text as it was sent (its clip may have been edited since): a clip's key never changes.
  return openWith(sealingKey, clip.wrappedKey, send.clip.content);
}

async function openWith(sealingKey: CryptoKey, wrappedKey: string, envelope: string): Promise<OpenedSeal> {
  // Anything that does not open (altered, cut, another account's key, not an envelope) is the same to a person.
  const opened = await openSealedText(envelope, wrappedKey, sealingKey).catch(() => null);
  return opened?.isOpen ? { state: 'open', text: opened.text } : { state: 'failed' };
}
