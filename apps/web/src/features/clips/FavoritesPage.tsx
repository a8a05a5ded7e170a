import { CLIPS_PAGE_SIZE } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useFavoriteClips } from '../../api/clip-queries';
import { hasActiveFilters, pageCount } from '../../lib/clip-filters';
import { ClipGrid } from './ClipGrid';
import { FilterBar } from './FilterBar';
import { PageHeader } from './PageHeader';
import { Pager } from './Pager';
import { useClipListState } from './use-clip-list-state';
import { useErrorToast } from './use-error-toast';

/** SPEC §2 Favorites: unfavouriting a card refetches the page, so the card leaves it. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters, page, setPage, keepPageInRange } = useClipListState();
  const favorites = useFavoriteClips(appliedFilters, {
    limit: CLIPS_PAGE_SIZE,
    offset: (page - 1) * CLIPS_PAGE_SIZE,
  });
  keepPageInRange(favorites.isPlaceholderData ? undefined : favorites.data?.total, CLIPS_PAGE_SIZE);
  useErrorToast(favorites.isError, t('clips.favoritesFailed'), t('clips.favoritesFailedBody'));
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <PageHeader title={t('pages.favorites')} />
      <FilterBar filters={filters} onChange={setFilters} showFavorite={false} />
      <ClipGrid
        clips={favorites.data?.clips}
        isLoading={favorites.isLoading}
        emptyText={hasActiveFilters(appliedFilters) ? t('clips.emptyFavoritesFiltered') : t('clips.emptyFavorites')}
      />
      <Pager page={page} pages={pageCount(favorites.data?.total ?? 0, CLIPS_PAGE_SIZE)} onPageChange={setPage} />
    </div>
  );
}
