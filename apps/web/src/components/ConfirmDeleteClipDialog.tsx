import { useTranslation } from 'react-i18next';
import { useDeleteClip } from '../api/clip-mutations';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/use-toast';

/** The one question before a clip is deleted, from its card or its page: the clip, its files and its link go for good. */
export function ConfirmDeleteClipDialog({
  isOpen,
  onOpenChange,
  onConfirm,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('clips.confirmDeleteTitle')}
      description={t('clips.confirmDeleteBody')}
      confirmLabel={t('clips.confirmDelete')}
      cancelLabel={t('clips.cancel')}
      closeLabel={t('common.close')}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Deleting a clip with its toasts ('Clip deleted', 'Error deleting clip'), given to the mutation itself so they
 * show even when what asked has gone by then (a card that left its list, a page left for the list).
 */
export function useDeleteClipWithToasts(onDeleted?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  return useDeleteClip({
    onSuccess: () => {
      toast.success({ title: t('clips.deleted') });
      onDeleted?.();
    },
    onError: () => toast.error({ title: t('clips.deleteFailed'), description: t('clips.deleteFailedBody') }),
  });
}
