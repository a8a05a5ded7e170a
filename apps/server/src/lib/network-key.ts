import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { limitKeyOf } from './address-limit-key';

/**
 * Which local network a caller is on, as the server can tell it: devices behind one
 * router share its public IPv4 address, or its IPv6 /64 prefix. When the server itself sits inside the LAN
 * it sees private and loopback addresses instead, and all of them form the one network it is on.
 */
const LOCAL_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified']);
export const LOCAL_NETWORK = 'local';

export function networkKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return `unknown:${address}`;
  // An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as dual-stack sockets report IPv4) is that IPv4 address.
  const parsed = ipaddr.process(address);
  if (LOCAL_RANGES.has(parsed.range())) return LOCAL_NETWORK;
  return `${parsed.kind() === 'ipv4' ? 'v4' : 'v6'}:${limitKeyOf(address)}`;
}

/**
 * A network's name for storage and for clients: an HMAC of its key, so neither a row nor an answer gives
 * away a caller's address, and nobody can compute another network's name without the server's secret.
 */
export function networkFingerprint(serverSecret: string, networkKey: string): string {
  return createHmac('sha256', serverSecret).update(`network:${networkKey}`).digest('base64url').slice(0, 22);
}
