import { AuditEventKind, type AuditEvent, type SecurityEvent } from '@clipsync/shared';
import type { auditEvents } from '../../../db/schema';

export type AuditRow = typeof auditEvents.$inferSelect;

export function presentAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: AuditEventKind.catch('security').parse(row.kind),
    action: row.action,
    actorId: row.actorId,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    subjectUserId: row.subjectUserId,
    subjectName: row.subjectName,
    subjectEmail: row.subjectEmail,
    targetKind: row.targetKind,
    targetId: row.targetId,
    requestId: row.requestId,
    details: row.details,
  };
}

/**
 * As the account sees it: what happened, when and what it set, never which admin did it (the admin's own
 * client is not the owner's to know either, so an admin's entry carries none).
 */
export function presentSecurityEvent(row: AuditRow): SecurityEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    byAdmin: row.kind === 'admin',
    requestId: row.requestId,
    details: row.details,
  };
}
