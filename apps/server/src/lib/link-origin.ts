import type { FastifyRequest } from 'fastify';
import { networkInterfaces } from 'node:os';

/** The server's own address as its configuration gives it. */
export interface LinkOriginConfig {
  /** PUBLIC_URL, or `http://localhost:PORT` when it is not set. */
  publicUrl: string;
  /** PUBLIC_URL was given: every link starts with it. */
  isPublicUrlSet: boolean;
}

/** Every address of this machine's interfaces but loopback ones, which `publicUrl` already names. */
export function machineAddresses(): ReadonlySet<string> {
  const addresses = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => entry.address.toLowerCase())
    .filter((address) => !address.startsWith('127.') && address !== '::1');
  return new Set(addresses);
}

/**
 * Where links mailed in answer to this request start: PUBLIC_URL when it is set; else the address the person
 * reached this server by, so a link asked for from a phone on the LAN opens on that phone.
 *
 * `Host` is written by the caller, and a mailed reset link carries its token: a link that pointed at a host of
 * the caller's choosing would hand the token to whoever runs it. So the request's host is used only when it is
 * exactly one of this machine's own addresses with the server's port (no user info, no other characters);
 * any other name falls back to `publicUrl`. The raw header is read, never a proxy's `X-Forwarded-Host`.
 */
export function linkOriginOf(
  request: Pick<FastifyRequest, 'headers' | 'protocol'>,
  config: LinkOriginConfig,
  ownAddresses: ReadonlySet<string> = machineAddresses(),
): string {
  const host = request.headers.host?.trim().toLowerCase();
  if (config.isPublicUrlSet || !host || !URL.canParse(`http://${host}`)) return config.publicUrl;
  const url = new URL(`http://${host}`);
  const address = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const isOwnAddress =
    url.host === host &&
    url.username === '' &&
    url.password === '' &&
    url.port === new URL(config.publicUrl).port &&
    ownAddresses.has(address);
  return isOwnAddress ? `${request.protocol === 'https' ? 'https' : 'http'}://${url.host}` : config.publicUrl;
}
