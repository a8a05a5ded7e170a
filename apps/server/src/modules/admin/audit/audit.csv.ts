import type { AuditEvent } from '@clipsync/shared';

export const AUDIT_CSV_COLUMNS = [
  'at',
  'kind',
  'action',
  'actor_id',
  'actor_name',
  'actor_email',
  'subject_user_id',
  'subject_name',
  'subject_email',
  'target_kind',
  'target_id',
  'request_id',
  'details',
] as const;

/** What a spreadsheet would run as a formula (OWASP's list: = + - @, tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: a cell a spreadsheet would read as a formula is prefixed with a quote (an address or a
 * name is the user's to choose), then every field is quoted with its quotes doubled (RFC 4180).
 */
export function csvField(value: string | null): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvHeader(): string {
  return `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(event: AuditEvent): string {
  const cells = [
    event.at,
    event.kind,
    event.action,
    event.actorId,
    event.actorName,
    event.actorEmail,
    event.subjectUserId,
    event.subjectName,
    event.subjectEmail,
    event.targetKind,
    event.targetId,
    event.requestId,
    JSON.stringify(event.details),
  ];
  return `${cells.map(csvField).join(',')}\r\n`;
}
