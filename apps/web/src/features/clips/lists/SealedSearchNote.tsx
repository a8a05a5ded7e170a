import { useTranslation } from 'react-i18next';
import type { SealedHistoryProgress } from '../../../lib/sealed-history/load-sealed-history';

/** Under a sealed clipboard's search: the device reads and opens the history itself, and says how far it is. */
export function SealedSearchNote({
  search,
}: {
  search: { progress: SealedHistoryProgress | null; isLoading: boolean };
}) {
  const { t } = useTranslation();
  const { progress, isLoading } = search;
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      {isLoading
        ? t('sealedClipboard.searching', {
            loaded: (progress?.loaded ?? 0).toLocaleString(),
            total: (progress?.total ?? 0).toLocaleString(),
          })
        : t('sealedClipboard.searched')}
    </p>
  );
}
