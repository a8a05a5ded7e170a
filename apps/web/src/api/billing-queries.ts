import type { BillingResponse } from '@clipsync/shared';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useState } from 'react';
import { billingApi } from './billing-api';
import { isPaymentsOff } from './billing-errors';

export const billingKeys = { all: ['billing'] as const };

/** Back from checkout, Stripe's webhook may land after the browser: ask again this often, this many times. */
export const PLAN_POLL_INTERVAL_MS = 2000;
export const PLAN_POLL_ATTEMPTS = 6;

const isAwaitingPlan = (data: BillingResponse | undefined, answers: number) =>
  !data?.plan && answers < PLAN_POLL_ATTEMPTS;

/**
 * The signed-in user's plan, status and trial (`GET /api/billing`). A server without payments answers
 * 503 at once and for good, so that answer is not retried. `pollUntilPlan` fetches afresh and keeps
 * asking, a few times, until a paid plan shows (`isPolling` meanwhile).
 */
export function useBilling({ pollUntilPlan = false }: { pollUntilPlan?: boolean } = {}) {
  const queryClient = useQueryClient();
  const answersNow = () => queryClient.getQueryState(billingKeys.all)?.dataUpdateCount ?? 0;
  // Answers already cached (the shell asked before checkout) do not count against the attempts.
  const [answersBefore] = useState(answersNow);
  const query = useQuery({
    queryKey: billingKeys.all,
    queryFn: billingApi.get,
    staleTime: 60_000,
    retry: (failureCount, error) => !isPaymentsOff(error) && failureCount < 1,
    refetchOnMount: pollUntilPlan ? 'always' : true,
    refetchInterval: ({ state }: Query<BillingResponse>) =>
      pollUntilPlan &&
      !state.error &&
      isAwaitingPlan(state.data, state.dataUpdateCount - answersBefore) &&
      PLAN_POLL_INTERVAL_MS,
  });
  return {
    ...query,
    isPaymentsOff: isPaymentsOff(query.error),
    isPolling: pollUntilPlan && !query.isError && isAwaitingPlan(query.data, answersNow() - answersBefore),
  };
}
