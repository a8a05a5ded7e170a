import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { explainsPlanRefusal } from '../api/billing-errors';
import { upgradePrompt } from '../components/upgrade-prompt';

/**
 * The app's query client: any call a plan refuses (402 PLAN_REQUIRED) opens the one upgrade prompt, but for
 * a change whose screen explains the refusal itself (EXPLAINS_PLAN_REFUSAL).
 *
 * Offline, a read fails (networkMode 'always') rather than waiting paused with nothing to show: a page says
 * it could not load, with Retry (`LoadFailed`), instead of looking empty. Back online, the failed reads run
 * again (refetchOnReconnect, which 'always' would turn off unless set; the live lists also on the socket's
 * connect, `useRefetchLiveQueriesOnConnect`).
 */
export function createAppQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and only hears later changes: a page opened offline (the
  // installed app) would never hear that it is back.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
    onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, networkMode: 'always', refetchOnReconnect: true } },
    queryCache: new QueryCache({ onError: (error) => upgradePrompt.offerFor(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!explainsPlanRefusal(mutation.meta)) upgradePrompt.offerFor(error);
      },
    }),
  });
}
