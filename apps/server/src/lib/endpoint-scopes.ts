import { API_BASE, API_TABLES, type EndpointScope } from '@clipsync/shared';

const byRoute = new Map<string, EndpointScope | undefined>();
/**
 * Per path, the scope of its writing entry: a route serving an entry's path by another method (the
 * multipart `POST` beside an upload's `PUT`) needs that.
 */
const writeByPath = new Map<string, EndpointScope | undefined>();
for (const table of Object.values(API_TABLES)) {
  for (const endpoint of Object.values(table)) {
    const url = `${API_BASE}${endpoint.path}`;
    byRoute.set(`${endpoint.method} ${url}`, endpoint.scope);
    if (endpoint.method !== 'GET') writeByPath.set(url, endpoint.scope);
  }
}

/**
 * The scope a personal access token needs for a served route (Fastify's method and route URL), from the
 * shared endpoint table; undefined when the route refuses tokens (no scope on its entry, or no entry).
 */
export function scopeOfRoute(method: string, url: string): EndpointScope | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  if (byRoute.has(key)) return byRoute.get(key);
  return method === 'GET' || method === 'HEAD' ? undefined : writeByPath.get(url);
}
