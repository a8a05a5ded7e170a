import { AUTH_ENDPOINTS, type LoginRequest } from '@clipsync/shared';
import { call } from './client';

/**
 * The session provider's calls, in a module of their own that it loads with the first of them: with them come
 * the client and the endpoint table's zod schemas, which a visitor with no stored session never needs, so the
 * landing page's first load goes without them (its budget: bench/README.md, landing). Every other account call
 * goes from its hook in auth-mutations.ts.
 */
export const sessionCalls = {
  me: () => call(AUTH_ENDPOINTS.me),
  login: (body: LoginRequest) => call(AUTH_ENDPOINTS.login, { body }),
  logout: () => call(AUTH_ENDPOINTS.logout),
};
