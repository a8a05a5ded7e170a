import type { AdminOverview } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';

const STATE_STYLE = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  down: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  disabled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
} as const;

/** Database, Redis and file storage, each reachable, down, or not configured (Redis on one node). */
export function HealthList({ health }: { health: AdminOverview['health'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="overview-health" className="mt-8">
      <h2 id="overview-health" className="text-xl font-semibold">
        {t('adminOverview.health')}
      </h2>
      <dl className="mt-3 flex flex-wrap gap-3">
        {(['database', 'redis', 'storage'] as const).map((part) => (
          <div key={part} className="flex items-center gap-2">
            <dt className="font-medium">{t(`adminOverview.healthParts.${part}`)}</dt>
            <dd className={cn('rounded-full px-2 py-0.5 text-sm', STATE_STYLE[health[part]])}>
              {t(`adminOverview.healthStates.${health[part]}`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
