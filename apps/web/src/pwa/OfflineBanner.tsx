import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
const isOffline = () => !navigator.onLine;
// The prerendered landing page is built online.
const isOfflineOnServer = () => false;

/** Says so while the device has no network: the installed app still opens then (sw.ts), without data. */
export function OfflineBanner() {
  const { t } = useTranslation();
  if (!useSyncExternalStore(subscribe, isOffline, isOfflineOnServer)) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      {t('pwa.offline')}
    </div>
  );
}
