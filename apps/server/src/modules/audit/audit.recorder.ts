import type { SecurityEventAction } from '@clipsync/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { currentRequest } from '../../lib/request-context';
import { newId } from '../../lib/secure-tokens';
import { describeClient } from '../../lib/client-description';

type Writer = Database | Transaction;

export interface AdminActionRecord {
  action: string;
  actorId: string;
  targetKind: string | null;
  targetId: string | null;
  subjectUserId: string | null;
  requestId: string;
  details: Record<string, unknown>;
  /** The subject's name and address read before the action, for one that deletes the account. */
  subjectNames?: AccountNames;
}

export interface AccountNames {
  name: string | null;
  email: string | null;
}

/** An account's name and address as they are now: the entry keeps them, so it reads after a rename or a deletion. */
export async function namesOf(db: Writer, userId: string | null | undefined): Promise<AccountNames> {
  if (!userId) return { name: null, email: null };
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return { name: row?.name ?? null, email: row?.email ?? null };
}

/** The actor's and subject's columns of an entry. */
async function peopleOf(db: Writer, actorId: string | null, subjectUserId: string | null, known?: AccountNames) {
  // One after the other: inside a transaction, both run on its one connection anyway.
  const actor = await namesOf(db, actorId);
  const subject = known?.email ? known : await namesOf(db, subjectUserId);
  return { actorName: actor.name, actorEmail: actor.email, subjectName: subject.name, subjectEmail: subject.email };
}

/** An admin's call, naming the admin and the account it concerns as they are now. */
export async function recordAdminAction(db: Writer, { subjectNames, ...record }: AdminActionRecord): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId(),
    kind: 'admin',
    ...record,
    ...(await peopleOf(db, record.actorId, record.subjectUserId, subjectNames)),
  });
}

/**
 * What the server did by itself (a job), named by `action` with counts in `details`: no actor, no account (one
 * entry sums a run over every account, never an entry per item). Admins read it in the log.
 */
export async function recordSystemEvent(
  db: Writer,
  record: { action: string; details: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditEvents).values({ id: newId(), kind: 'system', ...record });
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
    subjectUserId: record.userId,
    ...(await peopleOf(db, actorId, record.userId)),
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
