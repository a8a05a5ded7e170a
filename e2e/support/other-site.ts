import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherSite {
  /** The site's origin, as the app's share page names it. */
  origin: string;
  /** A page of the site whose one button posts `text` to the app's /share-target, as any site's form can. */
  pageSharing(text: string): string;
  close(): Promise<void>;
}

/**
 * Another website on loopback (its own port, so its own origin): its page holds a form that posts to the
 * app's share target, with the browser's default Referrer-Policy, so the post carries the site's origin.
 */
export async function startOtherSite(shareTarget: string): Promise<OtherSite> {
  const server = createServer((incoming, outgoing) => {
    const text = new URL(incoming.url ?? '/', 'http://site').searchParams.get('text') ?? '';
    const form = `<form method="post" action="${encodeHtml(shareTarget)}" enctype="multipart/form-data">
      <input name="text" value="${encodeHtml(text)}"><button>Share to ClipSync</button></form>`;
    outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    outgoing.end(`<!doctype html><title>Other site</title>${form}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageSharing: (text) => `${origin}/?text=${encodeURIComponent(text)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const encodeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
