import { useTranslation } from 'react-i18next';
import { useUploadClipFile } from '../../../api/clip-mutations';
import { useClipCache } from '../../../api/clip-queries';
import { ClipboardLockedError, useAccountNewClip, type NewAccountClip } from '../../../components/use-account-new-clip';
import { useToast } from '../../../ui/use-toast';
import { useFilesWithinLimit } from '../editor/use-files-within-limit';

/**
 * A clip made in one step from what was pasted or dropped on the dashboard: the text becomes its
 * content, the files within the 10 MB limit are attached, and the lists and stats refresh. A sealed clipboard's
 * clip is sealed here, its files too.
 */
export function useQuickClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const newClip = useAccountNewClip();
  const uploadFile = useUploadClipFile();
  const { refetchLists } = useClipCache();
  const filesWithinLimit = useFilesWithinLimit();
  return async ({ text, files }: { text: string; files: readonly File[] }) => {
    const accepted = filesWithinLimit(files);
    if (!text.trim() && accepted.length === 0) return;
    let made: NewAccountClip;
    try {
      made = await newClip(text);
    } catch (error) {
      if (error instanceof ClipboardLockedError) {
        return toast.error({ title: t('editor.saveFailed'), description: t('privacy.e2e.lockedIntro') });
      }
      // The quick save (POST /clipboard with the content): the server's words, else 'Failed to save clipboard item'.
      const reason = error instanceof Error && error.message ? error.message : t('editor.saveItemFailed');
      return toast.error({ title: t('editor.saveFailed'), description: reason });
    }
    try {
      const { clip, seal } = made;
      for (const file of accepted) {
        await uploadFile.mutateAsync({ clipId: clip.id, file: seal ? await seal.sealFile(file) : file });
      }
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
