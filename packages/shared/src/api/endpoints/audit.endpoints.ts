import { AuditExportQuery, AuditPage, AuditQuery, SecurityEventPage, SecurityEventQuery } from '../../schemas/audit';
import { defineEndpoints } from '../endpoint';

/** The instance's audit log: admin actions and every account's security events, for admins. */
export const AUDIT_ENDPOINTS = defineEndpoints({
  /** Newest first, filtered and paged on the server. */
  list: { method: 'GET', scope: 'admin', path: '/admin/audit', query: AuditQuery, response: AuditPage },
  /** The same filters, every match, as a download: CSV with a header row, or one JSON object a line. */
  export: { method: 'GET', scope: 'admin', path: '/admin/audit/export', query: AuditExportQuery },
});

/** The caller's own security events, for a signed-in browser only (a token is refused, as for other account calls). */
export const SECURITY_EVENT_ENDPOINTS = defineEndpoints({
  list: {
    method: 'GET',
    path: '/account/security-events',
    query: SecurityEventQuery,
    response: SecurityEventPage,
  },
});
