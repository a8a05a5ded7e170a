import type { SecurityEventAction } from '@clipsync/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { currentRequest } from '../../lib/request-context';
import { newId } from '../../lib/secure-tokens';
import { describeClient } from '../tokens/client-description';

type Writer = Database | Transaction;

export interface AdminActionRecord {
  action: string;
  actorId: string;
  targetKind: string | null;
  targetId: string | null;
  subjectUserId: string | null;
  requestId: string;
  details: Record<string, unknown>;
}

async function emailOf(db: Writer, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** An admin's call, with the admin's address as it is now (kept as it was then when it later changes). */
export async function recordAdminAction(db: Writer, record: AdminActionRecord): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId(),
    kind: 'admin',
    ...record,
    actorEmail: await emailOf(db, record.actorId),
  });
}

export interface SecurityEventRecord {
  /** The account it concerns. */
  userId: string;
  action: SecurityEventAction;
  /** Who did it, when not the account itself; null when nobody was signed in (a reset by link). */
  actorId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * A security event of one account, with the request that made it (its id and client), written inside the
 * action's transaction: the event and the change commit together or not at all.
 */
export async function recordSecurityEventIn(tx: Transaction, record: SecurityEventRecord): Promise<void> {
  await insertSecurityEvent(tx, record);
}

/**
 * The same, after an action that has committed on its own: a failure to record is logged and the action's
 * answer stands (failing it would tell the user their change was not made, when it was).
 */
export async function recordSecurityEvent(db: Database, record: SecurityEventRecord): Promise<void> {
  try {
    await insertSecurityEvent(db, record);
  } catch (error) {
    currentRequest()?.log.error({ err: error, action: record.action }, 'a security event could not be recorded');
  }
}

async function insertSecurityEvent(db: Writer, record: SecurityEventRecord): Promise<void> {
  const request = currentRequest();
  const actorId = record.actorId === undefined ? record.userId : record.actorId;
  await db.insert(auditEvents).values({
    id: newId(),
    kind: 'security',
    action: record.action,
    actorId,
    actorEmail: actorId ? await emailOf(db, actorId) : null,
    subjectUserId: record.userId,
    targetKind: 'user',
    targetId: record.userId,
    requestId: request?.requestId ?? null,
    details: { client: describeClient(request?.userAgent), ...record.details },
  });
}

/**
 * A sign-in is from a new device when its client (`Firefox on Linux`) is not among those this account's
 * earlier new-device events name: the first sign-in from each kind of client is the one to tell the user of.
 */
export async function recordSignIn(db: Database, userId: string): Promise<void> {
  const request = currentRequest();
  try {
    const client = describeClient(request?.userAgent);
    const [known] = await db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subjectUserId, userId),
          eq(auditEvents.action, 'sign_in.new_device'),
          sql`${auditEvents.details}->>'client' = ${client}`,
        ),
      )
      .limit(1);
    if (!known) await insertSecurityEvent(db, { userId, action: 'sign_in.new_device', details: { client } });
  } catch (error) {
    // The user has signed in by now: a failed audit read or write is the server's to know, not theirs.
    request?.log.warn({ err: error, requestId: request.requestId }, 'a sign-in could not be recorded');
  }
}
