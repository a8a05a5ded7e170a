import { RefreshCw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

interface LoadFailedProps {
  /** What could not be loaded: "Couldn't load your clips", "…your rooms", … */
  title: string;
  onRetry(): void;
  /** A retry (by the button, the network coming back or the live connection) is on its way. */
  isRetrying: boolean;
  className?: string;
}

/**
 * Where a list or page would be when its first load failed (offline, the server away): never the empty
 * state, which would say there is nothing. The load runs again by itself once the network or the live
 * connection is back (`useRefetchLiveQueriesOnConnect`, the query client's reconnect refetch); Retry asks now.
 */
export function LoadFailed({ title, onRetry, isRetrying, className }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300',
        className,
      )}
    >
      <WifiOff className="h-6 w-6 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <p className="font-medium text-slate-900 dark:text-slate-100">{title}</p>
      <p className="text-sm">{t('loadFailed.hint')}</p>
      <Button variant="secondary" disabled={isRetrying} onClick={onRetry}>
        <RefreshCw className={cn('h-4 w-4', isRetrying && 'animate-spin')} aria-hidden="true" />
        {t(isRetrying ? 'loadFailed.retrying' : 'loadFailed.retry')}
      </Button>
    </div>
  );
}
