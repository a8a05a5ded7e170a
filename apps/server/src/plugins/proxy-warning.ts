import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { hasForwardingHeaders } from '../lib/forwarding-headers';
import { isLoopbackAddress } from '../lib/loopback';

/**
 * Without TRUST_PROXY every request's address is its TCP peer. A loopback peer that forwards for someone
 * is a proxy on this machine: every visitor then shares its address, so the LAN desktop becomes one for
 * all of them and every per-address limit one for all. Said once per process, not once per request; HTTP
 * requests and socket handshakes both tell it. Undefined with TRUST_PROXY set: there is nothing to notice.
 */
export function createProxyNotice(
  trustProxy: false | string[],
  log: FastifyBaseLogger,
): ((request: IncomingMessage) => void) | undefined {
  if (trustProxy) return undefined;
  let isWarned = false;
  return (request) => {
    if (isWarned || !isLoopbackAddress(request.socket.remoteAddress) || !hasForwardingHeaders(request.headers)) return;
    isWarned = true;
    log.warn(
      'a proxy seems to be in front of this server (a loopback request carries forwarding headers) but TRUST_PROXY is unset: every visitor will be grouped as one network and count as one address for limits; set TRUST_PROXY to the proxy address',
    );
  };
}

/** Every HTTP request is looked at by the notice (see createProxyNotice). */
export function registerProxyWarning(app: FastifyInstance, notice: ((request: IncomingMessage) => void) | undefined) {
  if (notice) app.addHook('onRequest', async (request) => notice(request.raw));
}
