import { UNSAFE_CHARACTER_SOURCE } from '@clipsync/shared';

/**
 * A byte count as people read it: `812 B`, `4.2 KB`, `10.5 MB`, `10 MB` (powers of 1024, as SPEC's units and the
 * 10 MB rule count). One decimal from KB up, left out only when the size is exactly whole: rounding to whole
 * units made an 11 000 000-byte file read "10 MB", the limit it is over.
 */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  // The unit is chosen after rounding: 1 048 575 bytes reads "1.0 MB", never "1024.0 KB".
  while ((unit === 0 ? value : Number(value.toFixed(1))) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || Number.isInteger(value) ? value.toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

/** A size that is over or at a limit, with its exact bytes: near the limit, one decimal alone may read the same. */
export function formatBytesExactly(bytes: number): string {
  return `${formatBytes(bytes)} (${bytes.toLocaleString('en')} bytes)`;
}

/**
 * What a terminal would act on (an escape can recolour or rewrite its screen, retitle its window or, OSC 52, fill
 * the clipboard) or what would reorder the line as shown (a bidirectional override in a clip's text would reorder
 * the listing's other columns too, so that a name reads as another): the one rule of @clipsync/shared, which the
 * server applies to the names it stores and shows. Saved file names leave out the same characters.
 */
const UNSAFE_IN_A_LINE = new RegExp(UNSAFE_CHARACTER_SOURCE, 'gu');
/** The same, with a line break (LF, CRLF) matched whole: text across lines keeps its breaks, a lone CR does not. */
const UNSAFE_ACROSS_LINES = new RegExp(`\\r\\n|${UNSAFE_CHARACTER_SOURCE}`, 'gu');
const KEPT_ACROSS_LINES = new Set(['\n', '\r\n', '\t']);

/**
 * Text fit to show inside a line of a listing: a tab as a space, any other control character, or a character that
 * reorders the line (a right-to-left mark too), as �. A clip's text may come from anywhere (a web page shared from a
 * phone), so a listing never writes its escapes to the terminal; a piped `pull` still gives the text byte for byte.
 */
export function printable(text: string): string {
  return text.replaceAll('\t', ' ').replace(UNSAFE_IN_A_LINE, '\uFFFD');
}

/**
 * Text fit to show on a terminal across lines (`pull` at a terminal): as `printable`, but line breaks and tabs
 * stay. A carriage return alone is replaced too: it would move back over the line and hide what came before.
 */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_ACROSS_LINES, (found) => (KEPT_ACROSS_LINES.has(found) ? found : '\uFFFD'));
}

/**
 * A value as one JSON line a terminal shows as it is: JSON escapes C0 controls but leaves DEL, C1 controls and the
 * bidirectional and separator characters raw, so those are written as `\uXXXX` too. The line parses to the same value.
 */
export function printableJson(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_A_LINE,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
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

/** Rows as aligned columns, each as wide as its widest cell (in characters), two spaces apart; the last not padded. */
export function formatColumns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell + ' '.repeat(widths[column]! - [...cell].length)))
      .join('  '),
  );
}
