import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useState, useSyncExternalStore, type ReactNode } from 'react';
import { SocketProvider } from '../realtime/SocketProvider';
import { useRefetchLiveQueriesOnConnect } from '../realtime/use-refetch-live-queries';
import { AuthProvider } from '../session/AuthProvider';
import { LazyPart } from '../ui/LazyPart';
import { toastStore } from '../ui/toast-store';
import { useHasOpened } from '../ui/use-has-opened';
import { useTheme } from '../ui/use-theme';
import { createAppQueryClient } from './query-client';

// Radix Toast loads with the first toast, which most first visits never raise: the landing page's first
// load goes without it (bench/README.md, landing). The toast is queued in the store meanwhile and shown on arrival.
const Toaster = lazy(async () => ({ default: (await import('../ui/Toaster')).Toaster }));
// Also the server snapshot: the build prerenders the landing page inside these providers (src/prerender).
const hasToasts = () => toastStore.getToasts().length > 0;

function DeferredToaster() {
  const hasToasted = useHasOpened(useSyncExternalStore(toastStore.subscribe, hasToasts, hasToasts));
  return (
    hasToasted && (
      <LazyPart>
        <Toaster />
      </LazyPart>
    )
  );
}

function LiveQueriesSync() {
  useRefetchLiveQueriesOnConnect();
  return null;
}

function ThemeSync() {
  useTheme();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <AuthProvider>
        <SocketProvider>
          <LiveQueriesSync />
          {children}
        </SocketProvider>
      </AuthProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
