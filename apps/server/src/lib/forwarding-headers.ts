import type { IncomingHttpHeaders } from 'node:http';

/** Headers a proxy, load balancer or tunnel adds to say whom it forwards for (or that it passed by). */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'via'] as const;

/**
 * The request passed through a proxy. A client can add these headers too, so this never proves where a
 * request came from; it only tells a loopback peer that is a proxy from one that is the machine's own user.
 */
export function hasForwardingHeaders(headers: IncomingHttpHeaders): boolean {
  return FORWARDING_HEADERS.some((name) => headers[name] !== undefined);
}
