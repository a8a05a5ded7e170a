import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "Nearby · verified": the two devices proved they are on one network (decision 030). */
export function NearbyBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
      <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
      {t('devices.near.verified')}
    </span>
  );
}
