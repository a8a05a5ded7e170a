import type { BillingResponse } from '@clipsync/shared';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useState } from 'react';
import { isPaymentsOff } from './billing-errors';
import { loadBillingApi } from './load-billing-api';

export const billingKeys = { all: ['billing'] as const, planInForce: ['billing', 'plan'] as const };
/** Apart from `billingKeys.all`, so that refreshing the plan never asks this again. */
export const billingConfigKey = ['billing-config'] as const;

/**
 * Whether this server sells plans (`GET /api/billing/config`, open to anyone). Asked once per visit: it
 * changes only when the server restarts with other keys. Not `enabled`: not asked yet (the landing page asks
 * when its pricing section comes near the screen).
 */
export function useBillingConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingConfigKey,
    queryFn: async () => (await loadBillingApi()).config(),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Back from checkout, Stripe's webhook may land after the browser: ask again this often, this many times. */
export const PLAN_POLL_INTERVAL_MS = 2000;
export const PLAN_POLL_ATTEMPTS = 6;

const isAwaitingPlan = (data: BillingResponse | undefined, answers: number) =>
  !data?.plan && answers < PLAN_POLL_ATTEMPTS;

/**
 * The signed-in user's plan, status and trial (`GET /api/billing`). A server without payments would answer
 * 503 at once and for good: the plan is asked only once the config says payments are on (or could not
 * tell), and a 503 all the same is not retried. `pollUntilPlan` fetches afresh and keeps asking, a few
 * times, until a paid plan shows (`isPolling` meanwhile).
 */
export function useBilling({ pollUntilPlan = false }: { pollUntilPlan?: boolean } = {}) {
  const queryClient = useQueryClient();
  const config = useBillingConfig();
  const answersNow = () => queryClient.getQueryState(billingKeys.all)?.dataUpdateCount ?? 0;
  // Answers already cached (the shell asked before checkout) do not count against the attempts.
  const [answersBefore] = useState(answersNow);
  const query = useQuery({
    queryKey: billingKeys.all,
    queryFn: async () => (await loadBillingApi()).get(),
    enabled: config.data?.paymentsEnabled ?? config.isError,
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
    isPaymentsOff: config.data?.paymentsEnabled === false || isPaymentsOff(query.error),
    isPolling: pollUntilPlan && !query.isError && isAwaitingPlan(query.data, answersNow() - answersBefore),
  };
}

/**
 * The caller's plan in force and the storage it gives (`GET /api/billing/plan`), asked with or without
 * payments: a plan an admin granted shows on the billing page either way.
 */
export function usePlanInForce() {
  return useQuery({
    queryKey: billingKeys.planInForce,
    queryFn: async () => (await loadBillingApi()).plan(),
    staleTime: 60_000,
  });
}
