import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/**
 * The client's address as HTTP requests see it (`request.ip`): the socket's remote address, or, when
 * that is one of TRUST_PROXY's proxies, the nearest untrusted hop of X-Forwarded-For. Sockets use it so a
 * per-address limit means the same on both, and a client cannot choose its own address.
 */
export function createClientAddressOf(trustProxy: false | string[]): (request: IncomingMessage) => string {
  if (!trustProxy) return (request) => request.socket.remoteAddress ?? '';
  const isTrusted = proxyAddr.compile(trustProxy);
  return (request) => proxyAddr(request, isTrusted);
}
