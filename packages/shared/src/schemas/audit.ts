import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../limits';
import { text } from './text';

/**
 * The security events recorded where they happen (each one's subject is the account it concerns). Admin
 * actions are named by their entry in the endpoint table instead (`adminAccounts.disable`).
 */
export const SECURITY_EVENT_ACTIONS = [
  'sign_in.new_device',
  'token.created',
  'token.revoked',
  'password.reset',
  'device_sign_in.approved',
  // The owner's item taken down by the operator, and restored: told to the owner with the reason.
  'item.taken_down',
  'item.restored',
  // An identity at the team's provider linked to or unlinked from the account, and the provider's admin
  // group granting or revoking the admin role at a sign-in (no actor: the group decided).
  'sso.linked',
  'sso.unlinked',
  'sso.admin_granted',
  'sso.admin_revoked',
  // An admin signed in with a password while the server signs in through its provider only: the way back.
  'sign_in.password_while_sso_only',
] as const;
export const SecurityEventAction = z.enum(SECURITY_EVENT_ACTIONS);
export type SecurityEventAction = z.infer<typeof SecurityEventAction>;

/**
 * `admin`: a call an admin made under /api/admin/; `security`: an event of one account; `system`: what the server
 * did by itself, summed per run (`history.retention`: the clips its retention job deleted, counts only).
 */
export const AuditEventKind = z.enum(['admin', 'security', 'system']);
export type AuditEventKind = z.infer<typeof AuditEventKind>;

/** What an event kept of its request: non-secret fields only (never a password or a token). */
export const AuditDetails = z.record(z.string(), z.unknown());

export const AuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  kind: AuditEventKind,
  action: z.string(),
  /** Who did it, as they were then (null for a signed-out act such as a password reset by link). */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /**
   * The account it concerns, when it concerns one (a user the action names, a reported item's owner), with
   * its name and address as they were then: an entry still reads once the account is deleted.
   */
  subjectUserId: z.string().nullable(),
  subjectName: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  /** What it acted on: the `:id` of the call's path and the kind of thing it names. */
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  requestId: z.string().nullable(),
  details: AuditDetails,
});
export type AuditEvent = z.infer<typeof AuditEvent>;

/** A calendar day, `YYYY-MM-DD`, that exists (no 2026-02-30). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}
const dateQuery = text().refine(isDay, 'A day as YYYY-MM-DD');

/** The log's filters, shared by the page and the export. `to` includes the whole day it names. */
export const AuditFilters = z.object({
  action: text().trim().min(1).max(100).optional(),
  /** An actor's id or address (exact). */
  actor: text().trim().min(1).max(320).optional(),
  /** The account an event concerns, by id. */
  subject: text().trim().min(1).max(100).optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditQuery = AuditFilters.extend({
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export const AuditExportQuery = AuditFilters.extend({ format: z.enum(AUDIT_EXPORT_FORMATS) });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** A page of the log, newest first, with the total of all matches. */
/** `isTotalCapped`: the count stopped ADMIN_AUDIT_TOTAL_AHEAD entries past the page's start, and there are more. */
export const AuditPage = z.object({ events: z.array(AuditEvent), total: z.number().int(), isTotalCapped: z.boolean() });
export type AuditPage = z.infer<typeof AuditPage>;

/** One of the caller's own security events, as their settings list it. */
export const SecurityEvent = z.object({
  id: z.string(),
  at: z.string(),
  /** One of SECURITY_EVENT_ACTIONS, or an admin's action on the account (`adminAccounts.disable`). */
  action: z.string(),
  /**
   * True when an admin did it (who is not said). An admin's action keeps what it set (a plan and its end, a
   * quota, a role), so the owner reads what changed.
   */
  byAdmin: z.boolean(),
  requestId: z.string().nullable(),
  details: AuditDetails,
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

export const SecurityEventQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SecurityEventQuery = z.infer<typeof SecurityEventQuery>;

export const SecurityEventPage = z.object({ events: z.array(SecurityEvent), total: z.number().int() });
export type SecurityEventPage = z.infer<typeof SecurityEventPage>;
