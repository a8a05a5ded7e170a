import { ADMIN_USER_ENDPOINTS, type AdminUserSort, type AdminUserOrder } from '@clipsync/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './client';

/** What the users directory is asked: the search as typed (trimmed by the server), the sort and the page's window. */
export interface AdminUserListRequest {
  q: string;
  sort: AdminUserSort;
  order: AdminUserOrder;
  limit: number;
  offset: number;
}

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (request: AdminUserListRequest) => ['admin', 'users', 'list', request] as const,
};

/** One page of the server's accounts; the page shown stays while the next one loads. */
export function useAdminUsers(request: AdminUserListRequest) {
  return useQuery({
    queryKey: adminUserKeys.list(request),
    queryFn: () => call(ADMIN_USER_ENDPOINTS.list, { query: { ...request, q: request.q || undefined } }),
    placeholderData: keepPreviousData,
  });
}
