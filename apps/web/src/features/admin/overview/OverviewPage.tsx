import type { AdminOverview } from '@clipsync/shared';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAdminOverview } from '../../../api/admin-overview-queries';
import { useTimeAgo } from '../../../components/RelativeTime';
import { relativeTime } from '../../../lib/relative-time';
import { formatFileSize } from '../../../lib/file-size';
import { Button } from '../../../ui/Button';
import { QueryState } from '../../../ui/QueryState';
import { HealthList } from './HealthList';
import { JobsTable } from './JobsTable';
import { OpenReportsList } from './OpenReportsList';

/** `/admin` (the console's index): the open reports first, then the instance's figures, its health, its mail and jobs, its version. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const overview = useAdminOverview();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('adminOverview.title')}</h1>
        <Button variant="secondary" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('adminOverview.refresh')}
        </Button>
      </div>
      <OpenReportsList />
      <QueryState
        query={overview}
        refreshFailed={t('adminOverview.loadFailed')}
        loading={{ label: t('adminOverview.loading'), rowClassName: 'h-48 w-full' }}
        className="mt-6"
        failed={
          <div className="mt-6 flex flex-col items-start gap-3">
            <p role="alert">{t('adminOverview.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void overview.refetch()}>
              {t('adminOverview.retry')}
            </Button>
          </div>
        }
      >
        {(data) => <OverviewFigures overview={data} />}
      </QueryState>
    </div>
  );
}

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const { t, i18n } = useTranslation();
  const timeAgo = useTimeAgo();
  const count = (value: number) => value.toLocaleString(i18n.language);
  // Counts from a count over a minute old (the server's count was slow, or this tab's cache) say so.
  const isOld = relativeTime(overview.countedAt).unit !== 'now';
  const figures = [
    ['users', count(overview.users.total)],
    ['activeLast7Days', count(overview.users.activeLast7Days)],
    ['devicesOnline', count(overview.devicesOnline)],
    ['clips', count(overview.clips)],
    ['rooms', count(overview.rooms)],
    ['textStored', formatFileSize(overview.storage.textBytes)],
    ['filesStored', formatFileSize(overview.storage.fileBytes)],
    ['fileStore', t(`adminOverview.fileStores.${overview.storage.fileStore}`)],
    ['mailQueue', t(`adminOverview.mailTransports.${overview.mail.transport}`, { count: overview.mail.pending })],
    ['version', overview.version],
  ] as const;
  return (
    <>
      <section aria-labelledby="overview-figures" className="mt-6">
        <h2 id="overview-figures" className="sr-only">
          {t('adminOverview.figures')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map(([key, value]) => (
            <div key={key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`adminOverview.figure.${key}`)}</dt>
              <dd className="mt-1 text-xl font-semibold break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {isOld && (
          <p className="mt-3 text-sm font-medium text-amber-800 dark:text-amber-300">
            {t('adminOverview.countedAgo', { age: timeAgo(overview.countedAt) })}
          </p>
        )}
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('adminOverview.perNode')}</p>
      </section>
      <HealthList health={overview.health} />
      <JobsTable jobs={overview.jobs} />
    </>
  );
}
