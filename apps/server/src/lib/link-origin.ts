import type { FastifyRequest } from 'fastify';

/** The server's own address as its configuration gives it. */
export interface LinkOriginConfig {
  publicUrl: string;
  /** PUBLIC_URL was given: every link starts with it. */
  isPublicUrlSet: boolean;
}

/**
 * Where links mailed in answer to this request start: PUBLIC_URL when it is set; else the origin the person
 * is using, so a link asked for from a phone on the LAN opens on that phone. Every request that reaches a
 * route came by a name this server answers to (request-origin-checks.ts refuses the others with 421).
 */
export function linkOriginOf(request: FastifyRequest, config: LinkOriginConfig): string {
  if (config.isPublicUrlSet || !request.headers.host) return config.publicUrl;
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : config.publicUrl;
}
