import { BlockList, isIP } from 'node:net';
import { writeLine, type Output } from './io';

/**
 * Addresses whose plain-HTTP traffic stays on this machine or on the network it is plugged into: loopback,
 * and the private and link-local ranges of a home or office network, where the embedded server runs over
 * http:// by default, and a warning on every command would only teach people to ignore it.
 * IPv4 seen as IPv6 (`::ffff:192.168.1.20`) is matched by its IPv4 range.
 */
const LOCAL_NETWORKS = new BlockList();
LOCAL_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4'); // loopback
LOCAL_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4'); // RFC 1918
LOCAL_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4'); // RFC 1918
LOCAL_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4'); // RFC 1918
LOCAL_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local
LOCAL_NETWORKS.addAddress('::1', 'ipv6'); // loopback
LOCAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6'); // unique local (RFC 4193)
LOCAL_NETWORKS.addSubnet('fe80::', 10, 'ipv6'); // link-local

/**
 * Whether a host name or address is this machine or on its local network: `localhost` and its subdomains
 * (RFC 6761), a `.local` name (mDNS answers only on the local link, RFC 6762), or an address of the ranges
 * above. Any other name counts as remote: it is not looked up, as what it resolves to can change.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const family = isIP(host);
  if (family !== 0) return LOCAL_NETWORKS.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
}

/** Whether talking to `server` sends the token in clear beyond the local network. */
export function isCleartextToRemote(server: string): boolean {
  const url = new URL(server);
  return url.protocol === 'http:' && !isLocalHost(url.hostname);
}

/** The streams already warned: a command that signs in twice (or a test's io reused) says it once. */
const warned = new WeakSet<Output>();

/** Says on stderr, once, that the token is about to cross the network unencrypted. */
export function warnOfCleartext(stderr: Output, server: string): void {
  if (!isCleartextToRemote(server) || warned.has(stderr)) return;
  warned.add(stderr);
  writeLine(
    stderr,
    `clipsync: warning: ${server} is plain http://: the token and your clips cross the network unencrypted, ` +
      'readable and changeable by anyone on the way. Use its https:// address.',
  );
}
