import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReportQueue } from '../../../api/moderation-queries';
import { RelativeTime } from '../../../components/RelativeTime';

/** The Overview shows this many of the newest open reports; the Reports tab has them all. */
const SHOWN = 5;
const QUERY = { status: 'open', limit: SHOWN, offset: 0 } as const;
const LINK = 'font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300';

/**
 * What waits for the admin, first on the Overview: the newest open reports, each linking to its card in the
 * Reports tab (the card's heading id). Nothing while it loads or if it fails: the tab says why.
 */
export function OpenReportsList() {
  const { t } = useTranslation();
  const queue = useReportQueue(QUERY);
  if (!queue.isSuccess) return null;
  const { items, total } = queue.data;
  return (
    <section aria-labelledby="overview-open-reports" className="mt-6">
      <h2 id="overview-open-reports" className="flex items-center gap-2 text-lg font-semibold">
        <Flag className="h-5 w-5 text-red-600 dark:text-red-400" aria-hidden="true" />
        {t('adminOverview.openReports.title', { count: total })}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('adminOverview.openReports.none')}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-slate-200 rounded-lg border border-red-200 dark:divide-slate-700 dark:border-red-900">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center">
              <Link to={`/admin/reports#report-${item.kind}-${item.id}`} className={LINK}>
                {t(`moderation.kinds.${item.kind}`)} · {t('moderation.reportCount', { count: item.reportCount })}
              </Link>
              <span className="min-w-0 break-all text-slate-600 sm:ml-3 dark:text-slate-300">
                {item.reasons.map((reason) => t(`moderation.reasons.${reason}`)).join(', ')} · {item.owner.email}
              </span>
              <span className="text-slate-600 sm:ml-auto dark:text-slate-300">
                <RelativeTime iso={item.lastReportedAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <p className="mt-2 text-sm">
          <Link to="/admin/reports" className={LINK}>
            {t('adminOverview.openReports.all', { count: total })}
          </Link>
        </p>
      )}
    </section>
  );
}
