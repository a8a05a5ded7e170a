import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { explainsPlanRefusal } from '../api/billing-errors';
import { upgradePrompt } from '../components/upgrade-prompt';

/**
 * The app's query client: any call a plan refuses (402 PLAN_REQUIRED) opens the one upgrade prompt, but for
 * a change whose screen explains the refusal itself (EXPLAINS_PLAN_REFUSAL).
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
    queryCache: new QueryCache({ onError: (error) => upgradePrompt.offerFor(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!explainsPlanRefusal(mutation.meta)) upgradePrompt.offerFor(error);
      },
    }),
  });
}
