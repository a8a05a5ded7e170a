/**
 * One character that must not be shown as it is, in a page or on a terminal, when the text is someone else's
 * (a clip, a file name, the name a device gives itself):
 * - controls: C0 (U+0000–001F), DEL and C1 (U+007F–009F): a terminal acts on an escape (recolours or clears the
 *   screen, retitles the window, fills the clipboard with OSC 52), a line break splits one name in two;
 * - line and paragraph separators (U+2028, U+2029), line breaks the same;
 * - the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–202E,
 *   U+2066–2069): invisible, they reorder what is shown, so `invoice\u202Efdp.sh` reads as "invoicehs.pdf";
 * - the invisible format characters: the soft hyphen (U+00AD), the Mongolian vowel separator (U+180E), the
 *   zero-width space (U+200B), the word joiner and invisible operators (U+2060–2064), the deprecated format
 *   characters (U+206A–206F), the zero-width no-break space or byte order mark (U+FEFF) and the interlinear
 *   annotation characters (U+FFF9–FFFB): a name that holds one shows exactly as another that does not
 *   ("Laptop" and "Lap\u200Btop"), so it can pass for it.
 * Right-to-left letters themselves are safe: they are what they show. So are the zero-width joiner and
 * non-joiner (U+200D, U+200C), which emoji sequences and Persian or Indic words need, and the tag characters
 * (U+E0020–E007F) of a subdivision's flag.
 *
 * The source of a one-character class, for a pattern with the `u` flag; a caller that keeps line breaks or
 * tabs (text shown across lines) matches those first and keeps them.
 */
export const UNSAFE_CHARACTER_SOURCE = String.raw`[\p{Cc}\u00AD\u061C\u180E\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]`;

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
