import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadRoomFile } from '../../../api/room-mutations';
import { splitByUploadLimit } from '../../../lib/upload-limit';
import { useToast } from '../../../ui/use-toast';

export interface UploadProgress {
  name: string;
  fraction: number;
}

/**
 * Files into a room, one after another with their progress. SPEC §5 rooms rule: a file over 10 MB gets
 * 'File too large' with its name and is not sent; the others still are. Each success says 'File uploaded'.
 */
export function useRoomUploads(roomId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const uploadFile = useUploadRoomFile();
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = async (files: readonly File[]) => {
    const { accepted, tooLarge } = splitByUploadLimit(files);
    for (const file of accepted) {
      setProgress({ name: file.name, fraction: 0 });
      try {
        await uploadFile.mutateAsync({
          roomId,
          file,
          onProgress: (fraction) => setProgress({ name: file.name, fraction }),
        });
        toast.success({ title: t('rooms.fileUploaded') });
      } catch (error) {
        toast.error({
          title: t('rooms.uploadFailed'),
          description: error instanceof Error ? error.message : undefined,
        });
      }
    }
    setProgress(null);
    // Toasts show one at a time: the refusal comes last so that the uploads' own toasts do not hide it.
    for (const file of tooLarge) {
      toast.error({ title: t('rooms.fileTooLarge'), description: t('rooms.fileTooLargeBody', { file: file.name }) });
    }
  };
  return { upload, progress };
}
