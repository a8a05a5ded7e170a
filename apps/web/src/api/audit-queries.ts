import {
  API_BASE,
  AUDIT_ENDPOINTS,
  AUDIT_PAGE_SIZE,
  SECURITY_EVENT_ENDPOINTS,
  encodeQuery,
  type AuditFilters,
  type AuditExportQuery,
} from '@clipsync/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../lib/browser-files';
import { call, fetchFile } from './client';

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (filters: AuditFilters, page: number) => ['admin', 'audit', filters, page] as const,
  securityEvents: (page: number) => ['security-events', page] as const,
};

/** One page of the instance's audit log under the filters, newest first; the previous page stays shown while the next loads. */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page),
    queryFn: () =>
      call(AUDIT_ENDPOINTS.list, { query: { ...filters, limit: AUDIT_PAGE_SIZE, offset: page * AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads every entry under the filters as a file. The export needs the bearer, which a plain link
 * cannot carry, so it is fetched and saved under the server's name for it.
 */
export async function downloadAuditExport(query: AuditExportQuery): Promise<void> {
  const response = await fetchFile(`${API_BASE}${AUDIT_ENDPOINTS.export.path}?${encodeQuery(query)}`);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), named ?? `audit.${query.format}`);
}

/** The signed-in user's own security events, newest first. */
export function useSecurityEvents(page: number) {
  return useQuery({
    queryKey: auditKeys.securityEvents(page),
    queryFn: () =>
      call(SECURITY_EVENT_ENDPOINTS.list, { query: { limit: AUDIT_PAGE_SIZE, offset: page * AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
