import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anyone holding an access token: a TestUser, or a session of one. */
export interface Caller {
  tokens: { access_token: string };
}

/**
 * Requests as a given caller: `as(testApp, owner).get(url)`, or `as(testApp, null)` signed out (bound as
 * `testApp.as(owner)`). The one
 * way every area's tests send HTTP calls as someone, so the wrong-user and signed-out cases read alike.
 */
export function as(testApp: { app: FastifyInstance }, user: Caller | null) {
  const inject = (
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
    headers: Record<string, string> = {},
  ) =>
    testApp.app.inject({
      method,
      url,
      payload,
      headers: { ...(user ? { authorization: `Bearer ${user.tokens.access_token}` } : {}), ...headers },
    });
  return {
    inject,
    get: (url: string) => inject('GET', url),
    post: (url: string, payload?: object) => inject('POST', url, payload),
    put: (url: string, payload?: object) => inject('PUT', url, payload),
    patch: (url: string, payload?: object) => inject('PATCH', url, payload),
    delete: (url: string) => inject('DELETE', url),
  };
}
