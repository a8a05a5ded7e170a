import type { AuditEvent, SecurityEvent } from '@clipsync/shared';
import type { auditEvents } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferSelect;

export function presentAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind === 'admin' ? 'admin' : 'security',
    action: row.action,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    subjectUserId: row.subjectUserId,
    targetKind: row.targetKind,
    targetId: row.targetId,
    requestId: row.requestId,
    details: row.details,
  };
}

/** As the account sees it: what happened and when, never which admin did it. */
export function presentSecurityEvent(row: AuditRow): SecurityEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    byAdmin: row.kind === 'admin',
    requestId: row.requestId,
    details: row.kind === 'admin' ? {} : row.details,
  };
}
