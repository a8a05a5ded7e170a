import { CLIPS_PAGE_SIZE } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useClipHistory } from '../../api/clip-queries';
import { hasActiveFilters, pageCount } from '../../lib/clip-filters';
import { ClipGrid } from './ClipGrid';
import { FilterBar } from './FilterBar';
import { PageHeader } from './PageHeader';
import { Pager } from './Pager';
import { useClipListState } from './use-clip-list-state';
import { useErrorToast } from './use-error-toast';

/** SPEC §2 All Clips: filter bar, 20 a page paged on the server, 'Page X of Y'. */
export default function AllClipsPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters, page, setPage, keepPageInRange } = useClipListState();
  const clips = useClipHistory(appliedFilters, { limit: CLIPS_PAGE_SIZE, offset: (page - 1) * CLIPS_PAGE_SIZE });
  keepPageInRange(clips.isPlaceholderData ? undefined : clips.data?.total, CLIPS_PAGE_SIZE);
  useErrorToast(clips.isError, t('clips.loadFailed'));
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <PageHeader title={t('pages.clips')} />
      <FilterBar filters={filters} onChange={setFilters} />
      <ClipGrid
        clips={clips.data?.clips}
        isLoading={clips.isLoading}
        emptyText={hasActiveFilters(appliedFilters) ? t('clips.emptyFiltered') : t('clips.empty')}
      />
      <Pager page={page} pages={pageCount(clips.data?.total ?? 0, CLIPS_PAGE_SIZE)} onPageChange={setPage} />
    </div>
  );
}
