import { RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { applyUpdate, type ContainerLike, updatePrompt } from './update-prompt';

const noWaitingWorker = () => null;

type Container = Pick<ContainerLike, 'addEventListener'>;

/** "Update available — reload", while a new version of the app waits (update-prompt.ts). */
export function UpdatePrompt({ container }: { container?: Container }) {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(updatePrompt.subscribe, updatePrompt.getWaiting, noWaitingWorker);
  if (!waiting) return null;
  // Bottom left, clear of the toasts (bottom right) and, on phones, of the bottom navigation.
  return (
    <div
      role="status"
      className="fixed right-4 bottom-20 left-4 z-50 sm:right-auto md:bottom-4 flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
    >
      <RefreshCw className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{t('pwa.updateAvailable')}</span>
      <Button size="sm" onClick={() => applyUpdate(waiting, container ?? navigator.serviceWorker)}>
        {t('pwa.reload')}
      </Button>
    </div>
  );
}
