import type { LightMyRequestResponse } from 'fastify';

/**
 * An answer as two refusals that must not tell apart compare it: its status, type and body byte for byte,
 * with only the request's own id blanked.
 */
export function answerShape(res: LightMyRequestResponse): { status: number; type: unknown; body: string } {
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    body: res.body.replace(/"requestId":"[^"]*"/, '"requestId":"…"'),
  };
}
