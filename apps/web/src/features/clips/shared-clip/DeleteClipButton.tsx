import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteClip } from '../../../api/clip-mutations';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/use-toast';

/**
 * The owner's Delete on the clip page: the same question as a clip card's Delete (the clip, its files and
 * its link cannot come back), the same 'Clip deleted' toast; `onDeleted` takes the page away.
 */
export function DeleteClipButton({ clipId, onDeleted }: { clipId: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [isAsking, setIsAsking] = useState(false);
  const deleteClip = useDeleteClip({
    onSuccess: () => {
      toast.success({ title: t('clips.deleted') });
      onDeleted();
    },
    onError: () => toast.error({ title: t('clips.deleteFailed'), description: t('clips.deleteFailedBody') }),
  });
  return (
    <>
      <Button
        variant="secondary"
        disabled={deleteClip.isPending}
        onClick={() => setIsAsking(true)}
        className="text-red-700 dark:text-red-400"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {t('clips.delete')}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        onOpenChange={setIsAsking}
        title={t('clips.confirmDeleteTitle')}
        description={t('clips.confirmDeleteBody')}
        confirmLabel={t('clips.confirmDelete')}
        cancelLabel={t('clips.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => deleteClip.mutate(clipId)}
      />
    </>
  );
}
