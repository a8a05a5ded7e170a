import { API_BASE, API_TABLES, REPORTED_KINDS } from '@clipsync/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { contentReports, takedowns } from '../../../db/schema';
import { namesOf, recordAdminAction, type AccountNames } from '../../audit/audit.recorder';

/** `ADMIN_ACCOUNTS_ENDPOINTS` → `adminAccounts`: the group's name as the log shows it. */
function groupName(exportName: string): string {
  return exportName
    .replace(/_ENDPOINTS$/, '')
    .toLowerCase()
    .replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Every call of the table by `METHOD /api/path`, named `group.entry`, built once. */
const ACTION_NAMES = new Map(
  Object.entries(API_TABLES).flatMap(([group, entries]) =>
    Object.entries(entries).map(([entry, endpoint]) => [
      `${endpoint.method} ${API_BASE}${endpoint.path}`,
      `${groupName(group)}.${entry}`,
    ]),
  ),
);

/** Field names whose values are never kept, whatever the call. */
const SECRET_FIELD = /password|token|secret|code|key/i;
const TEXT_KEPT_MAX = 200;

function keptValue(value: unknown): unknown {
  if (typeof value === 'string') return value.slice(0, TEXT_KEPT_MAX);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.slice(0, 20);
  }
  return undefined;
}

/** The body's plain, non-secret fields: what the admin set (a date, a quota, a role), never a credential. */
export function nonSecretFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (SECRET_FIELD.test(name)) continue;
    const plain = keptValue(value);
    if (plain !== undefined) kept[name] = plain;
  }
  return kept;
}

/**
 * `/api/admin/users/:id/disable` → the `:id` and the kind of thing it names (`user`), from the segment before
 * it. A route that names the kind in a `:kind` param (`/admin/reports/:kind/:id/...`) says it there instead.
 */
function targetOf(path: string, params: unknown): { targetKind: string | null; targetId: string | null } {
  const named = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const id = named.id;
  if (typeof id !== 'string') return { targetKind: null, targetId: null };
  if (typeof named.kind === 'string' && named.kind) return { targetKind: named.kind, targetId: id };
  const segments = path.split('/');
  const before = segments[segments.indexOf(':id') - 1] ?? '';
  return { targetKind: before.replace(/s$/, '') || null, targetId: id };
}

/**
 * A creation (`POST /api/admin/users` answered 201) has no `:id` in its path: what it made is the answer's
 * `id`, of the kind the path's last segment names, so the entry names the new account like any other target.
 */
function createdTargetOf(path: string, statusCode: number, payload: unknown) {
  if (statusCode !== 201 || typeof payload !== 'string') return null;
  let answer: unknown;
  try {
    answer = JSON.parse(payload);
  } catch {
    return null;
  }
  const id = typeof answer === 'object' && answer !== null && 'id' in answer ? answer.id : undefined;
  if (typeof id !== 'string') return null;
  return { targetKind: path.split('/').at(-1)?.replace(/s$/, '') || null, targetId: id };
}

/**
 * The account an action concerns: the user it names, or the owner of the reported item it acts on (a takedown
 * names the item, and the log reads "… took down bob@example.com's clip").
 */
async function subjectOf(db: Database, targetKind: string | null, targetId: string | null): Promise<string | null> {
  if (!targetKind || !targetId) return null;
  if (targetKind === 'user') return targetId;
  if (!(REPORTED_KINDS as readonly string[]).includes(targetKind)) return null;
  for (const table of [takedowns, contentReports]) {
    const [row] = await db
      .select({ ownerId: table.ownerId })
      .from(table)
      .where(and(eq(table.itemKind, targetKind), eq(table.itemId, targetId)))
      .limit(1);
    if (row) return row.ownerId;
  }
  return null;
}

/** The subject of each admin change as it was before the change, read by `rememberSubject`. */
const subjectsBefore = new WeakMap<FastifyRequest, { subjectUserId: string | null; names: AccountNames }>();

/**
 * Reads the subject's name and address before the route runs: a deletion leaves nothing to read after, and
 * its entry must still say whom it deleted. A failure only loses the names (read again after the change).
 */
export function rememberSubject(db: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.method === 'GET') return;
    try {
      const target = targetOf(request.routeOptions.url ?? request.url, request.params);
      const subjectUserId = await subjectOf(db, target.targetKind, target.targetId);
      subjectsBefore.set(request, { subjectUserId, names: await namesOf(db, subjectUserId) });
    } catch (error) {
      request.log.warn({ err: error }, "an admin action's subject could not be read before it");
    }
  };
}

/**
 * Records each successful change an admin makes (a non-GET call answered below 400), for every route
 * `adminRoutes` builds, so no admin route has to remember it. It runs before the answer leaves, so the entry
 * exists once the admin sees the result; it cannot join the route's own transaction, so a failure to record
 * is logged and the admin's call stands.
 */
export function recordAdminCall(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const actorId = request.actor?.userId;
    if (request.method === 'GET' || reply.statusCode >= 400 || !actorId) return payload;
    const path = request.routeOptions.url ?? request.url;
    const named = targetOf(path, request.params);
    const target = (named.targetId === null && createdTargetOf(path, reply.statusCode, payload)) || named;
    const before = subjectsBefore.get(request);
    try {
      await recordAdminAction(db, {
        action: ACTION_NAMES.get(`${request.method} ${path}`) ?? `${request.method} ${path}`,
        actorId,
        ...target,
        subjectUserId: before?.subjectUserId ?? (await subjectOf(db, target.targetKind, target.targetId)),
        subjectNames: before?.names,
        requestId: request.id,
        details: nonSecretFields(request.body),
      });
    } catch (error) {
      request.log.error({ err: error }, 'an admin action could not be written to the audit log; the action stands');
    }
    return payload;
  };
}
