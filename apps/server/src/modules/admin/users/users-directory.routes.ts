import { ADMIN_USER_ENDPOINTS } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { adminRoutes } from '../admin-routes';
import { presentDirectoryRow } from './users-directory.presenter';
import { listUsers } from './users-directory.service';

/** The console's users directory: admins only (adminRoutes answers 401, then 403 `ADMIN_ONLY`). */
export const usersDirectoryRoutes: FastifyPluginAsyncZod<{ db: Database; paymentsEnabled: boolean }> = async (
  app,
  { db, paymentsEnabled },
) => {
  const route = adminRoutes(db, ['admin']);
  app.route({
    ...route(ADMIN_USER_ENDPOINTS.list),
    handler: async (request) => {
      const { rows, ...counted } = await listUsers(db, request.query, { now: new Date(), paymentsEnabled });
      return { users: rows.map(presentDirectoryRow), ...counted };
    },
  });
};
