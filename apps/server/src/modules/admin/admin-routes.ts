import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { requireSignedIn } from '../../lib/actor';
import { areaRoutes, type RouteSchemaExtras, type ServerEndpoint } from '../../lib/api-route';
import { AppError } from '../../lib/app-error';
import { signedInOnly } from '../../lib/route-access';
import { recordAdminCall, rememberSubject } from './audit/audit.admin-hook';

/**
 * 403 `ADMIN_ONLY` unless the caller's account is an admin now. The role is read at each call, not kept in
 * the session, so a revoked role ends an admin's access at once; a personal access token also needs the
 * `admin` scope, which its table entry names (checked where every request is authenticated).
 */
export function adminOnly(db: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    const { userId } = requireSignedIn(request.actor);
    const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (account?.role !== 'admin') throw new AppError('ADMIN_ONLY');
  };
}

/**
 * The admin areas' `routeFrom`: a signed-in route (401 first) whose caller must be an admin (403 second),
 * before the body is read. Every admin route lives under `/api/admin/`; each successful change made through
 * one is written to the audit log (`onSend`: a route that needs its own onSend must chain this one).
 */
export function adminRoutes(db: Database, tags: string[]) {
  const route = areaRoutes({ tags, access: 'signed-in' });
  const preHandler = [signedInOnly, adminOnly(db), rememberSubject(db)];
  const onSend = recordAdminCall(db);
  return <const E extends ServerEndpoint, const Extras extends RouteSchemaExtras = Record<never, never>>(
    endpoint: E,
    extras?: Extras,
  ) => ({ ...route(endpoint, extras), preHandler, onSend });
}
