/** What a paste carries beside its data: a browser's DataTransfer fits it, and so does a plain test double. */
export interface MarkedTransfer {
  readonly types: readonly string[];
  getData(format: string): string;
}

/** Formats whose mere presence marks the entry: macOS's concealed and transient types, Windows's monitor opt-out. */
const MARKING_TYPES = [
  'org.nspasteboard.concealedtype',
  'org.nspasteboard.transienttype',
  'excludeclipboardcontentfrommonitorprocessing',
];
/** Windows formats that mark the entry when they hold the DWORD 0. */
const REFUSING_FORMATS = ['canincludeinclipboardhistory', 'canuploadtocloudclipboard'];
const KDE_PASSWORD_HINT = 'x-kde-passwordmanagerhint';

/**
 * Whether a password manager marked the pasted entry as secret or transient (KeePassXC, 1Password, KDE…), as
 * `clipsync watch` checks it. Browsers expose few of the system's clipboard formats to a page (usually only
 * text, HTML and files), so this holds only where the browser passes them on; the names are compared as a
 * DataTransfer gives them, lower-cased, with or without the async Clipboard API's `web ` prefix.
 */
export function isMarkedByPasswordManager(data: MarkedTransfer | null | undefined): boolean {
  if (!data) return false;
  const formatOf = new Map(Array.from(data.types, (type) => [type.toLowerCase().replace(/^web /, ''), type]));
  const dataOf = (format: string) => data.getData(formatOf.get(format)!);
  if (MARKING_TYPES.some((format) => formatOf.has(format))) return true;
  if (formatOf.has(KDE_PASSWORD_HINT) && dataOf(KDE_PASSWORD_HINT).trim() === 'secret') return true;
  // A DWORD 0 reaches a page, if at all, as a string of NUL characters.
  return REFUSING_FORMATS.some((format) => formatOf.has(format) && /^\0+$/.test(dataOf(format)));
}
