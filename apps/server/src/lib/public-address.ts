import { lookup } from 'node:dns/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv4-compatible IPv6 (RFC 4291 §2.5.5.1, deprecated): no public host has one, and `::7f00:1` may reach 127.0.0.1. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * An address as it is: ipaddr.js reads the dotted form of an IPv4-compatible address (`::8.8.8.8`, how a
 * resolver may print `::808:808`) as IPv4-mapped, so an IPv6 address is first written as URLs write it.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  if (!address.includes(':')) return ipaddr.parse(address);
  const asUrl = `http://[${address}]`;
  // A zone id (`fe80::1%eth0`) is no URL's: that address is link-local, never public.
  return URL.canParse(asUrl) ? ipaddr.IPv6.parse(new URL(asUrl).hostname.slice(1, -1)) : undefined;
}

/**
 * An address on the public internet: not loopback, private, link-local, carrier-grade NAT, multicast, reserved
 * (ipaddr.js's `unicast` range, after unwrapping an IPv4-mapped IPv6 address) nor in `::/96`.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed instanceof ipaddr.IPv6) {
    if (parsed.match(IPV4_COMPATIBLE)) return false;
    if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

export class NotPublicHostError extends Error {
  constructor(hostname: string) {
    super(`${hostname} is not a public address`);
  }
}

/** Which hosts are trusted wherever they resolve: PUSH_TRUSTED_HOSTS, as URLs name hosts (config/push-config.ts). */
export interface HostTrust {
  trustedHosts: readonly string[];
}

const isTrusted = (hostname: string, { trustedHosts }: HostTrust) =>
  trustedHosts.includes(hostname.toLowerCase().replace(/\.$/, ''));

/**
 * Where a request to a URL a user gave (a push subscription's endpoint) may connect: the host's address when
 * every address it resolves to is public, or when the operator trusts the host (a push server on its own
 * network), else NotPublicHostError, so that a user cannot make the server call into its own network. The
 * caller connects to the address returned, not to a second lookup of the name, which could answer otherwise.
 * `hostname` is a URL's (`[::1]` for an IPv6 address).
 */
export async function publicAddressOf(
  hostname: string,
  trust: HostTrust,
): Promise<{ address: string; family: number }> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const addresses = await lookup(bare, { all: true });
  const [first] = addresses;
  const isAllowed = isTrusted(hostname, trust) || addresses.every(({ address }) => isPublicAddress(address));
  if (!first || !isAllowed) throw new NotPublicHostError(hostname);
  return first;
}

/**
 * POSTs to a URL a user gave, connected to the address `publicAddressOf` found (TLS still checks the
 * certificate against the URL's host name), and answers the response's status; the body is read and dropped.
 */
export async function postToPublicUrl(
  url: string,
  {
    headers,
    body,
    signal,
    trustedHosts,
  }: { headers: OutgoingHttpHeaders; body: Buffer; signal: AbortSignal } & HostTrust,
): Promise<number> {
  const target = new URL(url);
  const { address, family } = await publicAddressOf(target.hostname, { trustedHosts });
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target, { method: 'POST', headers, signal, lookup: pinned }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
