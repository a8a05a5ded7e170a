import { useTranslation } from 'react-i18next';
import { PagedClipsPage } from './PagedClipsPage';

/** Favorites: unfavouriting a card refetches the page, so the card leaves it. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  return (
    <PagedClipsPage
      kind="favorites"
      title={t('pages.favorites')}
      failure={{ title: t('clips.favoritesFailed'), description: t('clips.favoritesFailedBody') }}
      loadFailedText={t('loadFailed.favorites')}
      empty={{ text: t('clips.emptyFavorites'), hint: t('cards.favoritesHint') }}
      emptyFilteredText={t('clips.emptyFavoritesFiltered')}
      showFavoriteFilter={false}
    />
  );
}
