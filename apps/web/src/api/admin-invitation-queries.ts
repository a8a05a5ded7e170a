import { ADMIN_INVITATION_ENDPOINTS, type AdminInvitationListQuery } from '@clipsync/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const adminInvitationKeys = {
  all: ['admin', 'invitations'] as const,
  list: (query: Partial<AdminInvitationListQuery>) => ['admin', 'invitations', 'list', query] as const,
  lookup: (token: string) => ['admin', 'invitations', 'lookup', token] as const,
};

/** One page of the admin's invitations, newest first, optionally one status; the last page stays while the next loads. */
export function useAdminInvitations(query: Partial<AdminInvitationListQuery>) {
  return useQuery({
    queryKey: adminInvitationKeys.list(query),
    queryFn: () => call(ADMIN_INVITATION_ENDPOINTS.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Mails an invitation (or renews the address's pending one). */
export function useCreateAdminInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(ADMIN_INVITATION_ENDPOINTS.create, { body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminInvitationKeys.all }),
  });
}

export function useRevokeAdminInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ADMIN_INVITATION_ENDPOINTS.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminInvitationKeys.all }),
  });
}

/**
 * The address a mailed invitation link is for, signed out; an unknown, used, revoked or expired link is
 * one refusal, so it is not asked again.
 */
export function useInvitationLookup(token: string | null) {
  return useQuery({
    queryKey: adminInvitationKeys.lookup(token ?? ''),
    queryFn: () => call(ADMIN_INVITATION_ENDPOINTS.lookup, { params: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}
