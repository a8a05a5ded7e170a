import type { Clip } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToggleFavorite } from '../api/clip-mutations';
import { useToast } from '../ui/use-toast';
import { useDeleteClipWithToasts } from './ConfirmDeleteClipDialog';
import { useCopyClip } from './use-copy-clip';

/**
 * What a clip card's buttons do, with their toasts ('Clip deleted', 'Error deleting clip', …); the lists
 * and stats refetch after each change. The toasts are given to the mutations themselves, so they show even
 * when the card that asked has left the list by then (a deleted or unfavourited clip).
 */
export function useClipCardActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const toggleFavorite = useToggleFavorite({
    onSuccess: ({ isFavorite }) =>
      toast.success({ title: t(isFavorite ? 'clips.addedToFavorites' : 'clips.removedFromFavorites') }),
    onError: () => toast.error({ title: t('clips.favoriteFailed') }),
  });
  const deleteClip = useDeleteClipWithToasts();
  const copyClip = useCopyClip();
  const [sharedClipId, setSharedClipId] = useState<string | null>(null);
  const [sentClipId, setSentClipId] = useState<string | null>(null);
  const [clipToDelete, setClipToDelete] = useState<Clip | null>(null);
  const pendingClipId = (mutation: { isPending: boolean; variables: string | undefined }) =>
    mutation.isPending ? mutation.variables : undefined;
  return {
    /** A card waits for its request before taking another click: a double click must not undo itself. */
    isBusy: (clip: Clip) => clip.id === pendingClipId(toggleFavorite) || clip.id === pendingClipId(deleteClip),
    onCopy: (clip: Clip) => void copyClip(clip),
    sharedClipId,
    closeShare: () => setSharedClipId(null),
    onShare: (clip: Clip) => setSharedClipId(clip.id),
    /** The clip being sent to a device, while the device picker is open. */
    sentClipId,
    onSend: (clip: Clip) => setSentClipId(clip.id),
    closeSend: () => setSentClipId(null),
    onToggleFavorite: (clip: Clip) => toggleFavorite.mutate(clip.id),
    /** Deleting asks first: a clip and its files cannot come back, and its link dies with it. */
    clipToDelete,
    onDelete: (clip: Clip) => setClipToDelete(clip),
    cancelDelete: () => setClipToDelete(null),
    confirmDelete: () => clipToDelete && deleteClip.mutate(clipToDelete.id),
  };
}
