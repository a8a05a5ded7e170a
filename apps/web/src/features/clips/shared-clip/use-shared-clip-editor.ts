import type { Clip } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appendPastedText } from '../../../lib/pasted-files';
import { useSaveClip } from '../editor/use-save-clip';

/**
 * The owner's side of a shared clip (SPEC §2, §4): edits are a draft over the stored text, dirty while
 * they differ; Save stores the text, then uploads the pending files. The server tells the viewers after
 * each save, so nothing is published from here.
 */
export function useSharedClipEditor(clip: Clip) {
  const { t } = useTranslation();
  const {
    pending,
    isSaving,
    save: saveClip,
  } = useSaveClip({
    savedKey: 'editor.updated',
    describeFailure: (error) => {
      const message = error instanceof Error && error.message ? error.message : t('editor.unknownError');
      return t('editor.updateFailed', { message });
    },
  });
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? clip.content;
  const isTextDirty = text !== clip.content;

  return {
    text,
    setText: setDraft,
    appendToText: (pasted: string) => setDraft((current) => appendPastedText(current ?? clip.content, pasted)),
    isTextDirty,
    hasUnsavedChanges: isTextDirty || pending.pendingFiles.length > 0,
    pending,
    isSaving,
    save: () => saveClip({ clipId: clip.id, text, shouldSaveText: isTextDirty, hasStoredFiles: clip.files.length > 0 }),
  };
}
