import { RECENT_CLIPS_SHOWN } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClipHistory } from '../../api/clip-queries';
import { hasActiveFilters } from '../../lib/clip-filters';
import { ClipGrid } from './ClipGrid';
import { FilterBar } from './FilterBar';
import { PageHeader } from './PageHeader';
import { StatCards } from './StatCards';
import { useClipListState } from './use-clip-list-state';
import { useErrorToast } from './use-error-toast';

/**
 * SPEC §2 Dashboard. The filters run on the server, so the 8 most recent matches are asked for directly
 * instead of fetching 50 and filtering in the browser.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters } = useClipListState();
  const recent = useClipHistory(appliedFilters, { limit: RECENT_CLIPS_SHOWN, offset: 0 });
  useErrorToast(recent.isError, t('clips.recentFailed'));
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <PageHeader title={t('pages.dashboard')} />
      <StatCards />
      <section aria-labelledby="recent-clips" className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 id="recent-clips" className="text-lg font-semibold">
            {t('clips.recentClips')}
          </h2>
          <Link to="/clips" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {t('clips.viewAll')}
          </Link>
        </div>
        <FilterBar filters={filters} onChange={setFilters} />
        <ClipGrid
          clips={recent.data?.clips}
          isLoading={recent.isLoading}
          emptyText={hasActiveFilters(appliedFilters) ? t('clips.emptyRecentFiltered') : t('clips.empty')}
        />
      </section>
    </div>
  );
}
