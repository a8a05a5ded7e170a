/**
 * Where a notification's click leads, understood by the app as well as by the service worker: a send's link
 * opens the app, whose existing delivery (the pending sends, then the acknowledgement) shows it and takes it
 * once; `copy` asks the page to copy its text, which a service worker cannot do.
 */
export const SEND_PARAM = 'send';
export const COPY_PARAM = 'copy';
export const SEND_PAGE_PATH = '/devices';

export function sendLink(sendId: string, { copy }: { copy: boolean }): string {
  const params = new URLSearchParams({ [SEND_PARAM]: sendId });
  if (copy) params.set(COPY_PARAM, '1');
  return `${SEND_PAGE_PATH}?${params.toString()}`;
}

/** Whether the page was opened by a notification's Copy on this send. */
export function isCopyAskedFor(sendId: string, search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get(SEND_PARAM) === sendId && params.get(COPY_PARAM) === '1';
}
