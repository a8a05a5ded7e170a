import { ADMIN_ACCOUNT_ENDPOINTS, ErrorBody } from '@clipsync/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../../lib/actor';
import { linkOriginOf } from '../../../lib/link-origin';
import type { AdminAccountsContext } from './accounts.context';
import { deleteAccountByAdmin } from './accounts.deletion';
import * as accounts from './accounts.service';
import { adminRoutes } from '../admin-routes';

const api = ADMIN_ACCOUNT_ENDPOINTS;
const notFound = { response: { 404: ErrorBody } };
const refusable = { response: { 404: ErrorBody, 409: ErrorBody } };
/** Each new account mails someone: an admin's session in the wrong hands must not turn into a mail cannon. */
const ACCOUNTS_CREATED_PER_HOUR = { max: 60, timeWindow: '1 hour' };

/** One account in the admin console: every route an admin's (admin-routes.ts). */
export const adminAccountsRoutes: FastifyPluginAsyncZod<{ ctx: AdminAccountsContext }> = async (app, { ctx }) => {
  const route = adminRoutes(ctx.db, ['admin']);
  const adminIdOf = (actor: Parameters<typeof requireSignedIn>[0]) => requireSignedIn(actor).userId;

  app.route({
    ...route(api.create, { response: { 409: ErrorBody } }),
    config: { rateLimit: ACCOUNTS_CREATED_PER_HOUR },
    handler: (request) => accounts.createAccount(ctx, request.body, linkOriginOf(request, ctx)),
  });

  app.route({
    ...route(api.get, notFound),
    handler: (request) => accounts.getAccount(ctx, request.params.id),
  });

  app.route({
    ...route(api.disable, refusable),
    handler: (request) => accounts.disableAccount(ctx, adminIdOf(request.actor), request.params.id),
  });

  app.route({
    ...route(api.enable, notFound),
    handler: (request) => accounts.enableAccount(ctx, request.params.id),
  });

  app.route({
    ...route(api.delete, refusable),
    handler: async (request) => {
      await deleteAccountByAdmin(ctx, adminIdOf(request.actor), request.params.id, request.body.email);
    },
  });

  app.route({
    ...route(api.sendPasswordReset, notFound),
    handler: async (request) => {
      await accounts.sendPasswordReset(ctx, request.params.id, linkOriginOf(request, ctx));
    },
  });

  app.route({
    ...route(api.grantPlan, notFound),
    handler: (request) => accounts.grantPlan(ctx, request.params.id, request.body),
  });

  app.route({
    ...route(api.removePlan, notFound),
    handler: (request) => accounts.removePlanGrant(ctx, request.params.id),
  });

  app.route({
    ...route(api.setQuota, notFound),
    handler: (request) => accounts.setStorageQuota(ctx, request.params.id, request.body.bytes),
  });

  app.route({
    ...route(api.setRole, refusable),
    handler: (request) => accounts.setRole(ctx, adminIdOf(request.actor), request.params.id, request.body.role),
  });
};
