import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClipGrid } from '../../../components/ClipGrid';
import { FilterBar } from '../../../components/FilterBar';
import { LoadFailed } from '../../../components/LoadFailed';
import { hasFailedToLoad } from '../../../ui/QueryState';
import { PageHeader } from '../../../components/PageHeader';
import { hasActiveFilters } from '../../../lib/clip-filters';
import { cn } from '../../../ui/cn';
import { useErrorToast } from '../../../ui/use-error-toast';
import { usePasteAndDrop } from '../../../components/use-paste-and-drop';
import { StatCards } from './StatCards';
import { SealedSearchNote } from './SealedSearchNote';
import { useClipListState } from './use-clip-list-state';
import { useClipListing } from './use-clip-listing';
import { useQuickClip } from './use-quick-clip';

/** The dashboard shows the 8 most recent clips. */
const RECENT_CLIPS_SHOWN = 8;

/**
 * The dashboard: stat cards and the recent clips. The filters run on the server, so the 8 most recent
 * matches are asked for directly instead of fetching 50 and filtering in the browser. Pasting (outside a
 * text field) or dropping files anywhere on it makes a new clip at once.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters } = useClipListState();
  const recent = useClipListing('history', appliedFilters, { limit: RECENT_CLIPS_SHOWN, offset: 0 });
  useErrorToast(recent.isError, t('clips.recentFailed'));
  const createQuickClip = useQuickClip();
  const { isDraggingFiles } = usePasteAndDrop({
    enabled: true,
    onFiles: (files) => void createQuickClip({ text: '', files }),
    onText: (text) => void createQuickClip({ text, files: [] }),
  });
  return (
    <div
      className={cn(
        'mx-auto min-h-full max-w-7xl space-y-8 px-4 py-8',
        isDraggingFiles && 'rounded-xl outline-2 outline-indigo-500 outline-dashed',
      )}
    >
      <PageHeader title={t('pages.dashboard')} />
      {/* Dropping and Ctrl+V outside a field are for a mouse and keyboard; a touch screen is not offered them. */}
      <p className="-mt-4 text-sm text-slate-600 pointer-coarse:hidden dark:text-slate-300">{t('editor.dropHint')}</p>
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
        {recent.sealedSearch && <SealedSearchNote search={recent.sealedSearch} />}
        {hasFailedToLoad(recent) ? (
          <LoadFailed
            title={t('loadFailed.clips')}
            onRetry={() => void recent.refetch()}
            isRetrying={recent.isFetching}
          />
        ) : (
          <ClipGrid
            clips={recent.data?.clips}
            isLoading={recent.isLoading}
            empty={
              hasActiveFilters(appliedFilters)
                ? { text: t('clips.emptyRecentFiltered') }
                : { text: t('clips.empty'), offerNewClip: true }
            }
          />
        )}
      </section>
    </div>
  );
}
