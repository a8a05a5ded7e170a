import { useTranslation } from 'react-i18next';
import { useCreateClip, useUploadClipFile } from '../../../api/clip-mutations';
import { useClipCache } from '../../../api/clip-queries';
import { useToast } from '../../../ui/use-toast';
import { useFilesWithinLimit } from '../editor/use-files-within-limit';

/**
 * A clip made in one step from what was pasted or dropped on the dashboard: the text becomes its
 * content, the files within the 10 MB limit are attached, and the lists and stats refresh.
 */
export function useQuickClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const createClip = useCreateClip();
  const uploadFile = useUploadClipFile();
  const { refetchLists } = useClipCache();
  const filesWithinLimit = useFilesWithinLimit();
  return async ({ text, files }: { text: string; files: readonly File[] }) => {
    const accepted = filesWithinLimit(files);
    if (!text.trim() && accepted.length === 0) return;
    let clipId: string;
    try {
      clipId = (await createClip.mutateAsync(text)).id;
    } catch (error) {
      // The quick save (POST /clipboard with the content): the server's words, else 'Failed to save clipboard item'.
      const reason = error instanceof Error && error.message ? error.message : t('editor.saveItemFailed');
      return toast.error({ title: t('editor.saveFailed'), description: reason });
    }
    try {
      for (const file of accepted) await uploadFile.mutateAsync({ clipId, file });
      // As on the clip screens: files stored with the clip are said under the saved title.
      toast.success({
        title: t('editor.saved'),
        description: accepted.length > 0 ? t('editor.filesUploaded') : undefined,
      });
    } catch {
      toast.error({ title: t('editor.saveFailed') });
    } finally {
      void refetchLists();
    }
  };
}
