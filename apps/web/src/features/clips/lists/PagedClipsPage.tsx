import { CLIPS_PAGE_SIZE } from '@clipsync/shared';
import type { ClipListKind } from '../../../api/query-keys';
import { ClipGrid, type EmptyListState } from '../../../components/ClipGrid';
import { FilterBar } from '../../../components/FilterBar';
import { LoadFailed } from '../../../components/LoadFailed';
import { hasFailedToLoad } from '../../../ui/QueryState';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { hasActiveFilters, pageCount } from '../../../lib/clip-filters';
import { useErrorToast } from '../../../ui/use-error-toast';
import { useKeepPageInRange } from '../../../components/use-list-url-state';
import { SealedSearchNote } from './SealedSearchNote';
import { useClipListState } from './use-clip-list-state';
import { useClipListing } from './use-clip-listing';

interface PagedClipsPageProps {
  kind: ClipListKind;
  title: string;
  /** The toast when a page cannot be fetched ('Error loading clips', …). */
  failure: { title: string; description?: string };
  /** Said in place of the list while it cannot be loaded ("Couldn't load your clips"). */
  loadFailedText: string;
  /** The list is empty with no filters on. */
  empty: EmptyListState;
  /** Said instead when filters are on: nothing matches them. */
  emptyFilteredText: string;
  /** The favourites page lists favourites only, so it hides that filter. */
  showFavoriteFilter?: boolean;
}

/** A clip list page (All Clips, Favorites): filter bar, 20 a page paged on the server, 'Page X of Y'. */
export function PagedClipsPage(props: PagedClipsPageProps) {
  const { kind, title, failure, loadFailedText, empty, emptyFilteredText, showFavoriteFilter = true } = props;
  const { filters, appliedFilters, setFilters, page, setPage } = useClipListState({
    withFavoriteFilter: showFavoriteFilter,
  });
  const clips = useClipListing(kind, appliedFilters, { limit: CLIPS_PAGE_SIZE, offset: (page - 1) * CLIPS_PAGE_SIZE });
  // A capped total is no last page: past it the list goes on (Page 11 of 11+).
  const lastKnownTotal = clips.isPlaceholderData || clips.data?.isTotalCapped ? undefined : clips.data?.total;
  useKeepPageInRange(page, lastKnownTotal, CLIPS_PAGE_SIZE, setPage);
  useErrorToast(clips.isError, failure.title, failure.description);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <PageHeader title={title} />
      <FilterBar filters={filters} onChange={setFilters} showFavorite={showFavoriteFilter} />
      {clips.sealedSearch && <SealedSearchNote search={clips.sealedSearch} />}
      {hasFailedToLoad(clips) ? (
        <LoadFailed title={loadFailedText} onRetry={() => void clips.refetch()} isRetrying={clips.isFetching} />
      ) : (
        <ClipGrid
          clips={clips.data?.clips}
          isLoading={clips.isLoading}
          empty={hasActiveFilters(appliedFilters) ? { text: emptyFilteredText } : empty}
        />
      )}
      <Pager
        page={page}
        pages={pageCount(clips.data?.total ?? 0, CLIPS_PAGE_SIZE)}
        hasMore={clips.data?.isTotalCapped}
        onPageChange={(next) => setPage(next)}
      />
    </div>
  );
}
