import {
  MODERATION_ENDPOINTS,
  REPORT_ENDPOINTS,
  type CreateReportRequest,
  type ReportedItemParams,
  type ReportQueueQuery,
} from '@clipsync/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const reportKeys = {
  all: ['admin', 'reports'] as const,
  queue: (query: ReportQueueQuery) => ['admin', 'reports', 'queue', query] as const,
  content: (item: ReportedItemParams) => ['admin', 'reports', 'content', item.kind, item.id] as const,
  openCount: ['admin', 'reports', 'open-count'] as const,
};

/** No socket tells an admin of a new report: the count is read again at this pace, and on focus. */
const OPEN_COUNT_REFETCH_MS = 60_000;

/** A visitor's report of the link they are on (no account needed). */
export function useReportLink() {
  return useMutation({ mutationFn: (body: CreateReportRequest) => call(REPORT_ENDPOINTS.create, { body }) });
}

/** One page of the reports queue (admins). */
export function useReportQueue(query: ReportQueueQuery) {
  return useQuery({ queryKey: reportKeys.queue(query), queryFn: () => call(MODERATION_ENDPOINTS.list, { query }) });
}

/**
 * How many reported items wait (the open queue's total), for the badges: read only for an admin (`enabled`);
 * the actions below refetch it with the queue.
 */
export function useOpenReportCount(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.openCount,
    queryFn: async () =>
      (await call(MODERATION_ENDPOINTS.list, { query: { status: 'open', limit: 1, offset: 0 } })).total,
    enabled,
    refetchInterval: OPEN_COUNT_REFETCH_MS,
  });
}

/** A reported item's content, fetched only once the admin asks for it (`enabled`). */
export function useReportedContent(item: ReportedItemParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.content(item),
    queryFn: () => call(MODERATION_ENDPOINTS.content, { params: item }),
    enabled,
    retry: false,
  });
}

/** Take down, restore and dismiss: each refetches the queue (an item moves between open and resolved). */
export function useModerationActions() {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: reportKeys.all });
  return {
    takeDown: useMutation({
      mutationFn: ({ item, reason }: { item: ReportedItemParams; reason: string }) =>
        call(MODERATION_ENDPOINTS.takeDown, { params: item, body: { reason } }),
      onSuccess: refetch,
    }),
    restore: useMutation({
      mutationFn: (item: ReportedItemParams) => call(MODERATION_ENDPOINTS.restore, { params: item }),
      onSuccess: refetch,
    }),
    dismiss: useMutation({
      mutationFn: (item: ReportedItemParams) => call(MODERATION_ENDPOINTS.dismiss, { params: item }),
      onSuccess: refetch,
    }),
  };
}
