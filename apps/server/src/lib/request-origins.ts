import { isIP } from 'node:net';

/**
 * Which names a request may reach the server by, and which pages may write to it
 * (docs/security.md#which-names-the-server-answers-to).
 *
 * A page on another site can point its own name at this server's address (DNS rebinding): the browser
 * then takes it for the same site as the app, and the server saw a loopback or LAN caller, which the
 * loopback-only outbox and the "same network" desktop trust. Such a page always sends its own name in
 * `Host`. So the server answers only to names a public DNS cannot hand out: an address, `localhost`,
 * a single label (`nas`), a local-network suffix (below), and the hosts of PUBLIC_URL and
 * ALLOWED_ORIGINS, where an operator names any other.
 */
export interface RequestOrigins {
  /** `Host` names this server (no header: HTTP/1.0, never a browser). */
  isTrustedHost(host: string | undefined): boolean;
  /** A browser's `Origin` is the app's own page at the host it reached, or a configured origin. */
  isAllowedOrigin(origin: string, host: string | undefined): boolean;
}

/**
 * Names no public DNS resolves, only this machine or the local network: reserved for that use
 * (`.localhost`, mDNS's `.local`, `.home.arpa`, `.internal`), or top-level names routers use that are
 * not delegated (`.lan`, `.home`).
 */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.home.arpa', '.internal', '.lan', '.home'];

/** `Host` without its port, lower case, without a final dot; an IPv6 address without its brackets. */
export function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  const name = lower.startsWith('[') ? lower.slice(1, lower.indexOf(']')) : (lower.split(':')[0] ?? '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** `origins`: PUBLIC_URL's origin and ALLOWED_ORIGINS, as `scheme://host[:port]`. */
export function createRequestOrigins(origins: readonly string[]): RequestOrigins {
  const allowedOrigins = new Set(origins);
  const configuredHosts = new Set(origins.map((origin) => hostnameOf(new URL(origin).host)));
  const isTrustedName = (name: string) =>
    name === 'localhost' ||
    isIP(name) !== 0 ||
    (name !== '' && !name.includes('.')) ||
    LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix)) ||
    configuredHosts.has(name);
  return {
    isTrustedHost: (host) => host === undefined || isTrustedName(hostnameOf(host)),
    isAllowedOrigin: (origin, host) =>
      allowedOrigins.has(origin) ||
      (host !== undefined && URL.canParse(origin) && new URL(origin).host === host.trim().toLowerCase()),
  };
}
