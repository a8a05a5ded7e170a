import type { DeviceSendPayload } from '@clipsync/shared';

/** A toast's line is short: longer text is cut here, and the whole of it is what Copy takes. */
export const SEND_PREVIEW_MAX = 120;

/** What a received send shows and offers: its words (or why there are none), what Copy takes, what Open opens. */
export interface ReceivedSendView {
  preview: { kind: 'text'; text: string } | { kind: 'encrypted' } | { kind: 'files'; count: number };
  /** Absent when there is nothing to copy: an encrypted clip's envelope, or a clip of files only. */
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

export function viewOfSend(send: Pick<DeviceSendPayload, 'text' | 'clip'>): ReceivedSendView {
  const { clip } = send;
  if (!clip) return { preview: { kind: 'text', text: oneLine(send.text ?? '') }, copyText: send.text ?? '' };
  // Only a device holding the key can read an encrypted clip: its page opens it, its envelope is no text.
  if (clip.encrypted) return { preview: { kind: 'encrypted' }, clipId: clip.id };
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
