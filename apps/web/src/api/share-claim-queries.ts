import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clipKeys } from './clip-queries';
import { shareClaimsApi } from './share-claims-api';

export const shareClaimKeys = { one: (token: string) => ['share-claim', token] as const };

/** What waits under a claim link; a 404 (used, discarded, expired) is final, so it is not retried. */
export function useShareClaim(token: string) {
  return useQuery({ queryKey: shareClaimKeys.one(token), queryFn: () => shareClaimsApi.get(token), retry: false });
}

/** Makes the waiting share one clip of the signed-in user's; the clip lists refetch. */
export function useClaimShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => shareClaimsApi.claim(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clipKeys.all }),
  });
}

export function useDiscardShareClaim() {
  return useMutation({ mutationFn: (token: string) => shareClaimsApi.discard(token) });
}
