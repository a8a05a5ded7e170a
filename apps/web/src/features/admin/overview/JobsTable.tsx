import type { JobStatus } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/RelativeTime';

/** The background jobs this node runs, how often, and when it last ran each (they take turns across nodes). */
export function JobsTable({ jobs }: { jobs: JobStatus[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="overview-jobs" className="mt-8">
      <h2 id="overview-jobs" className="text-xl font-semibold">
        {t('adminOverview.jobs')}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-2 pr-4">
                {t('adminOverview.jobColumns.name')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('adminOverview.jobColumns.every')}
              </th>
              <th scope="col" className="py-2">
                {t('adminOverview.jobColumns.lastRun')}
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.name} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {job.name}
                </th>
                <td className="py-2 pr-4">
                  {job.everySeconds < 60
                    ? t('adminOverview.everySeconds', { count: job.everySeconds })
                    : t('adminOverview.everyMinutes', { count: Math.round(job.everySeconds / 60) })}
                </td>
                <td className="py-2">
                  {job.lastRunAt && job.lastOutcome ? (
                    <>
                      <RelativeTime iso={job.lastRunAt} /> · {t(`adminOverview.outcomes.${job.lastOutcome}`)}
                    </>
                  ) : (
                    t('adminOverview.notRunYet')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
