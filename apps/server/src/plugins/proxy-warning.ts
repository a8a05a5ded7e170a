import type { FastifyInstance } from 'fastify';
import { hasForwardingHeaders } from '../lib/forwarding-headers';
import { isLoopbackRequest } from '../lib/loopback';

/**
 * Without TRUST_PROXY every request's address is its TCP peer. A loopback peer that forwards for someone
 * is a proxy on this machine: every visitor then shares its address, so the LAN desktop becomes one for
 * all of them and every per-address limit one for all. Said once per process, not once per request.
 */
export function registerProxyWarning(app: FastifyInstance, trustProxy: false | string[]): void {
  if (trustProxy) return;
  let isWarned = false;
  app.addHook('onRequest', async (request) => {
    if (isWarned || !isLoopbackRequest(request) || !hasForwardingHeaders(request.headers)) return;
    isWarned = true;
    request.log.warn(
      'a proxy seems to be in front of this server (a loopback request carries forwarding headers) but TRUST_PROXY is unset: every visitor will be grouped as one network and count as one address for limits; set TRUST_PROXY to the proxy address',
    );
  });
}
