/**
 * The page was opened at this machine's own address (`localhost`, `*.localhost`, 127.x.x.x, `[::1]`): a link
 * built from it leads any other device nowhere. `hostname` is `location.hostname` (IPv6 in brackets).
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}
