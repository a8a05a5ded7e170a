/** A byte count as people read it: `812 B`, `4.2 KB`, `10 MB` (powers of 1024, as the 10 MB rule counts). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

/**
 * Control characters (C0, DEL, C1), which a terminal would act on: an escape can recolour or rewrite its screen.
 * And the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): one in a clip's text
 * would reorder the rest of its line as shown, the listing's other columns too, so that a name reads as another.
 */
const UNSAFE_IN_A_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text fit to show inside a line of a listing: a tab as a space, any other control character, or a character that
 * reorders the line, as �. A clip's text may come from anywhere (a web page shared from a phone), so a listing
 * never writes its escapes to the terminal; `pull` still gives the text byte for byte.
 */
export function printable(text: string): string {
  return text.replaceAll('\t', ' ').replace(UNSAFE_IN_A_LINE, '\uFFFD');
}

/** A text's first non-empty line, printable, cut to `width` characters with an ellipsis. */
export function oneLine(text: string, width: number): string {
  const line = text.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  const characters = [...printable(line.trim())];
  return characters.length > width ? `${characters.slice(0, width - 1).join('')}…` : characters.join('');
}

/** When something happened, short: `just now`, `5 min ago`, `3 h ago`, else the date (UTC). */
export function formatWhen(when: Date, now: Date): string {
  const seconds = Math.round((now.getTime() - when.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return when.toISOString().slice(0, 10);
}
