import type { Clip } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteClip, useToggleFavorite } from '../../api/clip-queries';
import { useToast } from '../../ui/use-toast';

/** What a clip card's buttons do, with SPEC §8's toasts; the lists and stats refetch after each change. */
export function useClipCardActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const toggleFavorite = useToggleFavorite();
  const deleteClip = useDeleteClip();
  const [sharedClipId, setSharedClipId] = useState<string | null>(null);
  return {
    sharedClipId,
    closeShare: () => setSharedClipId(null),
    onShare: (clip: Clip) => setSharedClipId(clip.id),
    onToggleFavorite: (clip: Clip) =>
      toggleFavorite.mutate(clip, {
        onSuccess: ({ isFavorite }) =>
          toast.success({ title: t(isFavorite ? 'clips.addedToFavorites' : 'clips.removedFromFavorites') }),
        onError: () => toast.error({ title: t('clips.favoriteFailed') }),
      }),
    onDelete: (clip: Clip) =>
      deleteClip.mutate(clip, {
        onSuccess: () => toast.success({ title: t('clips.deleted') }),
        onError: () => toast.error({ title: t('clips.deleteFailed'), description: t('clips.deleteFailedBody') }),
      }),
  };
}
