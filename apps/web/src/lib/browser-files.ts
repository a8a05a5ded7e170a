/** How long an object URL lives after its download starts. */
const OBJECT_URL_LIFETIME_MS = 100;

/** Starts a download of `href` under a file name, as a click on a link with `download` would. */
export function downloadByLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  downloadByLink(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
}

/** Clipboard API where the page is a secure context; a hidden text area elsewhere (plain http on a LAN). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const isCopied = document.execCommand('copy');
  area.remove();
  if (!isCopied) throw new Error('Copy was refused');
}

/** Images a browser may preview inline; the server serves the same set inline (never SVG). */
export function isPreviewableImage(mediaType: string): boolean {
  return /^image\/(png|jpeg|gif|webp|avif|bmp)$/i.test(mediaType);
}

/** Whether this browser may put an image of this type on the clipboard (Chromium takes PNG only). */
export function canCopyImage(mediaType: string): boolean {
  if (!window.isSecureContext || typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) return false;
  return typeof ClipboardItem.supports === 'function' ? ClipboardItem.supports(mediaType) : mediaType === 'image/png';
}

/**
 * Puts an image on the clipboard. The image is given while it still loads: the browser keeps the click's
 * permission for a pending clipboard item, not for a write that starts after a download.
 */
export function copyImage(mediaType: string, image: Promise<Blob>): Promise<void> {
  return navigator.clipboard.write([new ClipboardItem({ [mediaType]: image })]);
}
