import { RECENT_CLIPS_SHOWN } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClipHistory } from '../../api/clip-queries';
import { hasActiveFilters } from '../../lib/clip-filters';
import { ClipGrid } from './ClipGrid';
import { FilterBar } from './FilterBar';
import { PageHeader } from './PageHeader';
import { StatCards } from './StatCards';
import { cn } from '../../ui/cn';
import { useClipListState } from './use-clip-list-state';
import { useErrorToast } from './use-error-toast';
import { usePasteAndDrop } from './use-paste-and-drop';
import { useQuickClip } from './use-quick-clip';

/**
 * SPEC §2 Dashboard. The filters run on the server, so the 8 most recent matches are asked for directly
 * instead of fetching 50 and filtering in the browser. Pasting (outside a text field) or dropping files
 * anywhere on it makes a new clip at once.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters } = useClipListState();
  const recent = useClipHistory(appliedFilters, { limit: RECENT_CLIPS_SHOWN, offset: 0 });
  useErrorToast(recent.isError, t('clips.recentFailed'));
  const createQuickClip = useQuickClip();
  const { isDraggingFiles, dropTargetProps } = usePasteAndDrop({
    enabled: true,
    onFiles: (files) => void createQuickClip({ text: '', files }),
    onText: (text) => void createQuickClip({ text, files: [] }),
  });
  return (
    <div
      {...dropTargetProps}
      className={cn(
        'mx-auto min-h-full max-w-7xl space-y-8 px-4 py-8',
        isDraggingFiles && 'rounded-xl outline-2 outline-indigo-500 outline-dashed',
      )}
    >
      <PageHeader title={t('pages.dashboard')} />
      <p className="-mt-4 text-sm text-slate-600 dark:text-slate-300">{t('editor.dropHint')}</p>
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
