import { lookup } from 'node:dns/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * An address on the public internet: not loopback, private, link-local, carrier-grade NAT, multicast or
 * reserved (ipaddr.js's `unicast` range, after unwrapping an IPv4-mapped IPv6 address).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const isLoopbackAddress = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

export class NotPublicHostError extends Error {
  constructor(hostname: string) {
    super(`${hostname} is not a public address`);
  }
}

/**
 * Where a request to a URL a user gave (a push subscription's endpoint) may connect: the host's address when
 * every address it resolves to is public, else NotPublicHostError, so that a user cannot make the server call
 * into its own network. The caller connects to the address returned, not to a second lookup of the name, which
 * could answer otherwise. `allowLoopback` lets the tests' stand-ins on 127.0.0.1 in.
 */
export async function publicAddressOf(
  hostname: string,
  { allowLoopback }: { allowLoopback: boolean },
): Promise<{ address: string; family: number }> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const addresses = await lookup(bare, { all: true });
  const allowed = (address: string) => isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
  const [first] = addresses;
  if (!first || !addresses.every(({ address }) => allowed(address))) throw new NotPublicHostError(hostname);
  return first;
}

/**
 * POSTs to a URL a user gave, connected to the public address `publicAddressOf` found (TLS still checks the
 * certificate against the URL's host name), and answers the response's status; the body is read and dropped.
 */
export async function postToPublicUrl(
  url: string,
  {
    headers,
    body,
    signal,
    allowLoopback,
  }: { headers: OutgoingHttpHeaders; body: Buffer; signal: AbortSignal; allowLoopback: boolean },
): Promise<number> {
  const target = new URL(url);
  const { address, family } = await publicAddressOf(target.hostname, { allowLoopback });
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
