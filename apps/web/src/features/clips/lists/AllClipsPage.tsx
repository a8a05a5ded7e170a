import { useTranslation } from 'react-i18next';
import { PagedClipsPage } from './PagedClipsPage';

/** All Clips: every clip of the user, newest first. */
export default function AllClipsPage() {
  const { t } = useTranslation();
  return (
    <PagedClipsPage
      kind="history"
      title={t('pages.clips')}
      failure={{ title: t('clips.loadFailed') }}
      loadFailedText={t('loadFailed.clips')}
      empty={{ text: t('clips.empty'), offerNewClip: true }}
      emptyFilteredText={t('clips.emptyFiltered')}
    />
  );
}
