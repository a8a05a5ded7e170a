/**
 * One character that must not be shown as it is, in a page or on a terminal, when the text is someone else's
 * (a clip, a file name, the name a device gives itself):
 * - controls: C0 (U+0000–001F), DEL and C1 (U+007F–009F): a terminal acts on an escape (recolours or clears the
 *   screen, retitles the window, fills the clipboard with OSC 52), a line break splits one name in two;
 * - line and paragraph separators (U+2028, U+2029), line breaks the same;
 * - the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–202E,
 *   U+2066–2069): invisible, they reorder what is shown, so `invoice\u202Efdp.sh` reads as "invoicehs.pdf".
 * Right-to-left letters themselves are safe: they are what they show.
 *
 * The source of a one-character class, for a pattern with the `u` flag; a caller that keeps line breaks or
 * tabs (text shown across lines) matches those first and keeps them.
 */
export const UNSAFE_CHARACTER_SOURCE = String.raw`[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]`;

const UNSAFE_CHARACTER = new RegExp(UNSAFE_CHARACTER_SOURCE, 'u');
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER_SOURCE, 'gu');

/** Whether this character (one code point) must not be shown as it is. */
export function isUnsafeCharacter(character: string): boolean {
  return UNSAFE_CHARACTER.test(character);
}

/** `text` with each unsafe character replaced, by `replacement` or by what it gives for the character. */
export function replaceUnsafeCharacters(text: string, replacement: string | ((character: string) => string)): string {
  return typeof replacement === 'string'
    ? text.replace(UNSAFE_CHARACTERS, () => replacement)
    : text.replace(UNSAFE_CHARACTERS, replacement);
}
