import { useTranslation } from 'react-i18next';
import type { LiveUpdatesState } from '../../../realtime/use-clip-live-updates';
import { cn } from '../../../ui/cn';

const DOT_CLASS: Record<LiveUpdatesState, string> = {
  live: 'bg-emerald-500',
  connecting: 'animate-pulse bg-slate-400',
  off: 'bg-amber-500',
};
const TEXT_KEY = { live: 'editor.liveOn', connecting: 'editor.liveConnecting', off: 'editor.liveOff' } as const;

/**
 * Whether the owner's saves reach this viewer: a viewer whose socket cannot connect would
 * otherwise read a stale clip believing it live. A polite live region, so a change is announced once.
 */
export function LiveUpdatesStatus({ state }: { state: LiveUpdatesState }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className={cn(
        'mb-4 flex items-center gap-2 text-sm',
        state === 'off' ? 'text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300',
      )}
    >
      <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', DOT_CLASS[state])} aria-hidden="true" />
      {t(TEXT_KEY[state])}
    </p>
  );
}
