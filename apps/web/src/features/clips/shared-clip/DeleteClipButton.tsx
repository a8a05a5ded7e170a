import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteClipDialog, useDeleteClipWithToasts } from '../../../components/ConfirmDeleteClipDialog';
import { Button } from '../../../ui/Button';

/**
 * The owner's Delete on the clip page: the same question as a clip card's Delete (the clip, its files and
 * its link cannot come back), the same 'Clip deleted' toast; `onDeleted` takes the page away.
 */
export function DeleteClipButton({ clipId, onDeleted }: { clipId: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  const deleteClip = useDeleteClipWithToasts(onDeleted);
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
      <ConfirmDeleteClipDialog
        isOpen={isAsking}
        onOpenChange={setIsAsking}
        onConfirm={() => deleteClip.mutate(clipId)}
      />
    </>
  );
}
