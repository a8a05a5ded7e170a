import { Readable } from 'node:stream';
import { AUDIT_ENDPOINTS, SECURITY_EVENT_ENDPOINTS, type AuditEvent, type AuditExportQuery } from '@clipsync/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { areaRoutes } from '../../../lib/api-route';
import { contentDisposition } from '../../../lib/content-disposition';
import { adminRoutes } from '../admin-routes';
import { csvHeader, csvRow } from './audit.csv';
import * as auditService from './audit.service';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/jsonl; charset=utf-8' } as const;

async function* exportLines(db: Database, query: AuditExportQuery): AsyncGenerator<string> {
  const { format, ...filters } = query;
  if (format === 'csv') yield csvHeader();
  const line = format === 'csv' ? csvRow : (event: AuditEvent) => `${JSON.stringify(event)}\n`;
  for await (const event of auditService.exportAuditEvents(db, filters)) yield line(event);
}

/** A download named for the day, never cached (it holds addresses), streamed as the lines are read. */
function sendExport(reply: FastifyReply, format: AuditExportQuery['format'], lines: AsyncGenerator<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition('attachment', `audit-${day}.${format}`))
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/** The admin's log: a page of it, and every match as a download. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const route = adminRoutes(db, ['admin']);

  app.route({
    ...route(AUDIT_ENDPOINTS.list),
    handler: (request) => auditService.listAuditEvents(db, request.query),
  });

  app.route({
    ...route(AUDIT_ENDPOINTS.export),
    handler: async (request, reply) => sendExport(reply, request.query.format, exportLines(db, request.query)),
  });
};

const accountRoute = areaRoutes({ tags: ['account'], access: 'signed-in' });

/** A user's own security events. */
export const securityEventRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...accountRoute(SECURITY_EVENT_ENDPOINTS.list),
    handler: (request) => auditService.listSecurityEvents(db, request.actor, request.query),
  });
};
