import { isIP } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { isLoopbackAddress } from '../../lib/loopback';

export type InterfaceTable = NodeJS.Dict<NetworkInterfaceInfo[]>;

export interface ShareOriginsQuery {
  /** The caller is on this machine: only then may it learn the machine's addresses. */
  isLocalCaller: boolean;
  /** PUBLIC_URL was given: share links already use it, nothing needs guessing. */
  isPublicUrlSet: boolean;
  port: number;
  /** The address the server listens on (HOST): `0.0.0.0`/`::` is every interface. */
  listenHost: string;
}

/** Link-local addresses (169.254/16, fe80::/10) are not reachable by a typed or scanned URL. */
const isLinkLocal = (address: string) => address.startsWith('169.254.') || /^fe[89ab]/i.test(address);

/**
 * Home and office networks (192.168/16, 10/8) before 172.16/12, where container bridges such as Docker's
 * 172.17.0.1 usually sit, before anything else: the web app offers the first one.
 */
function preference(address: string): number {
  if (address.startsWith('192.168.')) return 0;
  if (address.startsWith('10.')) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return 2;
  return 3;
}

/** The addresses other devices could reach this server at, given the one it listens on. */
function reachableAddresses(interfaces: InterfaceTable, listenHost: string): NetworkInterfaceInfo[] {
  if (listenHost === 'localhost' || isLoopbackAddress(listenHost)) return [];
  const external = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !isLinkLocal(entry.address));
  const isEveryInterface = isIP(listenHost) === 0 || listenHost === '0.0.0.0' || listenHost === '::';
  return isEveryInterface ? external : external.filter((entry) => entry.address === listenHost);
}

/**
 * Share links name the page's origin, and `localhost` leads a phone nowhere: a caller on this
 * machine, with no PUBLIC_URL, gets the machine's network origins instead (IPv4; IPv6 only when there is
 * no IPv4). Anyone else gets none, so a caller on another machine learns nothing about the interfaces.
 */
export function listShareOrigins(query: ShareOriginsQuery, interfaces: InterfaceTable = networkInterfaces()): string[] {
  if (!query.isLocalCaller || query.isPublicUrlSet) return [];
  const addresses = reachableAddresses(interfaces, query.listenHost);
  const ipv4 = addresses.filter((entry) => entry.family === 'IPv4').map((entry) => entry.address);
  if (ipv4.length > 0) {
    return [...new Set(ipv4)]
      .sort((a, b) => preference(a) - preference(b))
      .map((address) => `http://${address}:${query.port}`);
  }
  const ipv6 = addresses.filter((entry) => entry.family === 'IPv6').map((entry) => entry.address);
  return [...new Set(ipv6)].map((address) => `http://[${address}]:${query.port}`);
}
