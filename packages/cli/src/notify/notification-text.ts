import type { ReceivedSend } from '../watch/device-sends';

/** The longest preview of a text a notification shows: enough to recognise it, not to read it over a shoulder. */
export const PREVIEW_CHARACTERS = 60;

export interface DesktopNotification {
  title: string;
  body: string;
}

/**
 * One line fit for a notification: every control, format or bidirectional character (a line break, an escape,
 * a right-to-left override that would make a name read as another) made a space, runs of spaces made one.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The start of `text` on one line, cut at `max` characters (whole code points) with an ellipsis. */
export function preview(text: string, max = PREVIEW_CHARACTERS): string {
  const characters = [...oneLine(text)];
  return characters.length > max
    ? `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : characters.join('');
}

/**
 * Who sent what: "Text from Laptop" and the text's length, or the clip and its files' count. The text itself,
 * as a short preview, only when the user chose it (`showText`): a notification shows on a locked screen.
 */
export function notificationOf(arrived: ReceivedSend, showText = false): DesktopNotification {
  const from = preview(arrived.from, 40);
  const landed = arrived.action === 'clipboard' ? ' (in the clipboard)' : '';
  if (arrived.text !== null && arrived.text !== '') {
    const length = [...arrived.text].length;
    const body = showText ? preview(arrived.text) : length === 1 ? '1 character' : `${length} characters`;
    return { title: `Text from ${from}${landed}`, body };
  }
  const files = arrived.files.length;
  if (files > 0) return { title: `Files from ${from}`, body: files === 1 ? '1 file' : `${files} files` };
  return { title: `Clip from ${from}`, body: arrived.clipId ? 'Open it in ClipSync' : 'An empty send' };
}
