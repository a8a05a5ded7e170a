import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocket } from '../realtime/socket-context';
import { cn } from '../ui/cn';

export type LiveState = 'connected' | 'reconnecting' | 'offline';

/** Offline when the browser has no network or no socket is wanted; reconnecting while the socket retries. */
export function liveStateOf(hasSocket: boolean, isConnected: boolean, isOnline: boolean): LiveState {
  if (!isOnline || !hasSocket) return 'offline';
  return isConnected ? 'connected' : 'reconnecting';
}

function useIsOnline() {
  const [isOnline, setIsOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setIsOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return isOnline;
}

const DOT: Record<LiveState, string> = {
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-500 animate-pulse',
  offline: 'bg-slate-400',
};

/** The shell's small live dot: the socket provider's real state, in words for screen readers too. */
export function LiveIndicator({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const { socket, isConnected } = useSocket();
  const state = liveStateOf(socket !== null, isConnected, useIsOnline());
  const words = t(`shell.live.${state}`);
  return (
    <p
      role="status"
      aria-label={t('shell.liveLabel', { status: words })}
      title={t('shell.liveLabel', { status: words })}
      className="flex items-center gap-2 px-3 py-1 text-xs text-slate-600 dark:text-slate-300"
    >
      <span className={cn('h-2 w-2 shrink-0 rounded-full', DOT[state])} aria-hidden="true" />
      <span className={cn(isCompact && 'sr-only')}>{words}</span>
    </p>
  );
}
