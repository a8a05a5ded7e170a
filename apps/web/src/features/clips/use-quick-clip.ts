import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clipKeys } from '../../api/clip-queries';
import { clipsApi } from '../../api/clips-api';
import { useToast } from '../../ui/use-toast';
import { useFilesWithinLimit } from './use-files-within-limit';

/**
 * A clip made in one step from what was pasted or dropped on the dashboard: the text becomes its
 * content, the files within the 10 MB limit are attached, and the lists and stats refresh.
 */
export function useQuickClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const filesWithinLimit = useFilesWithinLimit();
  return async ({ text, files }: { text: string; files: readonly File[] }) => {
    const accepted = filesWithinLimit(files);
    if (!text.trim() && accepted.length === 0) return;
    try {
      const clip = await clipsApi.create(text);
      for (const file of accepted) await clipsApi.uploadFile(clip.id, file);
      toast.success({ title: t('editor.saved') });
    } catch {
      toast.error({ title: t('editor.saveFailed') });
    } finally {
      void queryClient.invalidateQueries({ queryKey: clipKeys.all });
    }
  };
}
