import { SHARE_CLAIM_ENDPOINTS } from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { clipKeys } from './query-keys';

/** A share the server kept under a claim link, because no service worker caught it. */
export const shareClaimKeys = { one: (token: string) => ['share-claim', token] as const };

/** What waits under a claim link; a 404 (used, discarded, expired) is final, so it is not retried. */
export function useShareClaim(token: string) {
  return useQuery({
    queryKey: shareClaimKeys.one(token),
    queryFn: () => call(SHARE_CLAIM_ENDPOINTS.get, { params: { token } }),
    retry: false,
  });
}

/** Makes the waiting share one clip of the signed-in user's; the clip lists refetch. */
export function useClaimShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(SHARE_CLAIM_ENDPOINTS.claim, { params: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipKeys.all }),
  });
}

export function useDiscardShareClaim() {
  return useMutation({ mutationFn: (token: string) => call(SHARE_CLAIM_ENDPOINTS.discard, { params: { token } }) });
}
