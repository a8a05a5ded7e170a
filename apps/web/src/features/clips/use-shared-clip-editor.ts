import type { Clip } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipCache, useSaveClipContent } from '../../api/clip-queries';
import { appendPastedText } from '../../lib/pasted-files';
import { useToast } from '../../ui/use-toast';
import { usePendingFiles } from './use-pending-files';

/**
 * The owner's side of a shared clip (SPEC §2, §4): edits are a draft over the stored text, dirty while
 * they differ; Save stores the text, then uploads the pending files. The server tells the viewers after
 * each save, so nothing is published from here.
 */
export function useSharedClipEditor(clip: Clip) {
  const { t } = useTranslation();
  const toast = useToast();
  const saveContent = useSaveClipContent();
  const { updateClip, refetchLists } = useClipCache();
  const pending = usePendingFiles();
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const text = draft ?? clip.content;
  const isTextDirty = text !== clip.content;

  const save = async () => {
    const hasFiles = clip.files.length > 0 || pending.pendingFiles.length > 0;
    if (text.trim() === '' && !hasFiles) return toast.error({ title: t('editor.contentRequired') });
    setIsSaving(true);
    try {
      if (isTextDirty) await saveContent.mutateAsync({ id: clip.id, content: text });
      const { uploaded, hasFailed, failureHint } = await pending.uploadAll(clip.id);
      if (uploaded.length > 0) {
        updateClip(clip.id, (stored) => ({ ...stored, files: [...stored.files, ...uploaded] }));
        void refetchLists();
      }
      if (hasFailed) toast.error({ title: t('editor.uploadFailed'), description: failureHint && t(failureHint) });
      else toast.success({ title: t('editor.updated') });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('editor.unknownError');
      toast.error({ title: t('editor.updateFailed', { message }) });
    } finally {
      setIsSaving(false);
    }
  };

  return {
    text,
    setText: setDraft,
    appendToText: (pasted: string) => setDraft((current) => appendPastedText(current ?? clip.content, pasted)),
    isTextDirty,
    hasUnsavedChanges: isTextDirty || pending.pendingFiles.length > 0,
    pending,
    isSaving,
    save,
  };
}
