import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import { hasForwardingHeaders } from './forwarding-headers';

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

/**
 * The address a caller's network is told by (LAN features group devices by it), or undefined when the
 * client's address is a proxy's that TRUST_PROXY does not name: a peer that forwards for others (it sends
 * X-Forwarded-For, Forwarded, X-Real-IP…) while not trusted, or an untrusted hop of X-Forwarded-For with
 * hops beyond it. Every visitor behind such a proxy would share its address, so strangers would be one
 * network; they are grouped with no one instead. A client adding these headers itself only keeps itself
 * apart. Otherwise the same address as `createClientAddressOf`.
 */
export function createNetworkAddressOf(trustProxy: false | string[]): (request: IncomingMessage) => string | undefined {
  if (!trustProxy) {
    return (request) => (hasForwardingHeaders(request.headers) ? undefined : (request.socket.remoteAddress ?? ''));
  }
  const isTrusted = proxyAddr.compile(trustProxy);
  return (request) => {
    // Nearest first: the socket's peer, then X-Forwarded-For from the right, up to the first untrusted hop.
    const trustedChain = proxyAddr.all(request, isTrusted);
    const client = trustedChain.at(-1) ?? '';
    const peerIsTrusted = trustedChain.length > 1;
    if (!peerIsTrusted) return hasForwardingHeaders(request.headers) ? undefined : client;
    return proxyAddr.all(request).length > trustedChain.length ? undefined : client;
  };
}
