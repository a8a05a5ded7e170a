import { HISTORY_RETENTION_ENDPOINTS, type HistoryRetention } from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const historyRetentionKeys = { settings: ['history-retention'] as const };

/** The account's "Keep my history for", the server's cap and what applies of the two. */
export function useHistoryRetention() {
  return useQuery({
    queryKey: historyRetentionKeys.settings,
    queryFn: () => call(HISTORY_RETENTION_ENDPOINTS.get),
  });
}

/** Saves the choice; the answer is the settings as they now are, which replace the cached ones. */
export function useUpdateHistoryRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HistoryRetention) => call(HISTORY_RETENTION_ENDPOINTS.update, { body }),
    onSuccess: (settings) => queryClient.setQueryData(historyRetentionKeys.settings, settings),
  });
}
