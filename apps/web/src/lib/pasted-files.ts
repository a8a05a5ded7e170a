/** What a paste or a drop carries; a browser's DataTransfer fits it, and so does a plain test double. */
export interface TransferredData {
  readonly items?: ArrayLike<{ readonly kind: string; getAsFile(): File | null }>;
  readonly files?: ArrayLike<File>;
}

/**
 * The files of a paste or a drop. A screenshot arrives only as an item of kind 'file'; files copied in a
 * file manager arrive in both lists, so the items are read first and `files` is the fallback.
 */
export function filesFromTransfer(data: TransferredData | null | undefined): File[] {
  if (!data) return [];
  const fromItems = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
  return fromItems.length > 0 ? fromItems : Array.from(data.files ?? []);
}

/** The files of a clipboard paste (Ctrl/Cmd+V), for any screen that turns pasted files into clip files. */
export function readPastedFiles(event: { readonly clipboardData: TransferredData | null }): File[] {
  return filesFromTransfer(event.clipboardData);
}

/** Pasted text joins what is there on a line of its own. */
export function appendPastedText(current: string, pasted: string): string {
  return current === '' || current.endsWith('\n') ? `${current}${pasted}` : `${current}\n${pasted}`;
}
