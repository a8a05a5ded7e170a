import type { Clip, ClipFile, EditConflictCurrent } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editConflictOf } from '../../../api/api-error';
import { useSaveClipContent } from '../../../api/clip-mutations';
import { useClipCache } from '../../../api/clip-queries';
import { useToast } from '../../../ui/use-toast';
import { maxSealedTextBytes, type ClipSealer } from '../../../lib/clip-sealer';
import { usePendingFiles } from './use-pending-files';

interface SaveRequest {
  clipId: string;
  text: string;
  /** Whether the text is sent: the shared clip skips unchanged text, the new clip always sends it. */
  shouldSaveText: boolean;
  /** Files the clip already holds: with them, blank text is still a clip worth saving. */
  hasStoredFiles: boolean;
  /** The version of the text the edit started from: a save from an older one is refused. */
  version?: number;
  /** The text is stored (uploads may still fail after this); `stored` when this save sent it. */
  onTextSaved?: (stored?: Clip) => void;
  /** The text changed on another device since `version`: nothing was saved, pending files included. */
  onConflict?: (current: EditConflictCurrent) => void;
  /** These files are stored with the clip, even when a later one failed. */
  onFilesUploaded?: (files: ClipFile[]) => void;
  /** An end-to-end encrypted clip: the text and files are sealed with its key before they are sent. */
  seal?: ClipSealer;
  /**
   * A new clip's first save, saved whole or not at all: when a file is refused, this undoes the save (deletes
   * the clip; false when that failed too) and the text and files stay on screen for the next try.
   */
  undo?: () => Promise<boolean>;
}

interface SaveMessages {
  /** The success toast's i18n key. */
  savedKey: string;
  /** The failure toast's title for an error of the text save. */
  describeFailure: (error: unknown) => string;
}

/**
 * Save on a clip screen: refused while there is neither text nor a file; the text is stored,
 * then the pending files upload one by one. The stored clip takes the new files and the lists refetch;
 * stored files add 'Files uploaded successfully' to the saved toast, and a refused upload says why
 * when the user can act on it. One flow for the new and the shared clip.
 */
export function useSaveClip({ savedKey, describeFailure }: SaveMessages) {
  const { t } = useTranslation();
  const toast = useToast();
  const saveContent = useSaveClipContent();
  const { updateClip, refetchLists } = useClipCache();
  const pending = usePendingFiles();
  const [isSaving, setIsSaving] = useState(false);

  const save = async (request: SaveRequest) => {
    const hasFiles = request.hasStoredFiles || pending.pendingFiles.length > 0;
    if (request.text.trim() === '' && !hasFiles) return toast.error({ title: t('editor.contentRequired') });
    const { seal } = request;
    if (seal && request.shouldSaveText && !seal.fits(request.text)) {
      const max = maxSealedTextBytes(seal.hasPassword).toLocaleString();
      return toast.error({ title: t('encryption.tooLong'), description: t('encryption.tooLongBody', { max }) });
    }
    setIsSaving(true);
    try {
      const { clipId: id, version } = request;
      const content = seal && request.shouldSaveText ? await seal.sealText(request.text) : request.text;
      const stored = request.shouldSaveText ? await saveContent.mutateAsync({ id, content, version }) : undefined;
      request.onTextSaved?.(stored);
      const isWhole = request.undo !== undefined;
      const { uploaded, hasFailed, failureHint } = await pending.uploadAll(request.clipId, seal?.sealFile, { isWhole });
      const description = failureHint && t(failureHint.key, failureHint.values);
      if (hasFailed && request.undo && (await request.undo())) {
        return toast.error({ title: t('editor.nothingSaved'), description });
      }
      if (uploaded.length > 0) {
        updateClip(request.clipId, (stored) => ({ ...stored, files: [...stored.files, ...uploaded] }));
        void refetchLists();
        request.onFilesUploaded?.(uploaded);
      }
      if (hasFailed) {
        toast.error({ title: t('editor.uploadFailed'), description });
      } else {
        // One toast at a time: a save that stored files says so under the saved title.
        const filesNote = uploaded.length > 0 ? t('editor.filesUploaded') : undefined;
        toast.success({ title: t(savedKey), description: filesNote });
      }
    } catch (error) {
      const current = editConflictOf(error);
      // An encrypted clip's stored text is an envelope too: the conflict dialog shows it opened, and one that
      // does not open is never shown (the save's failure is said instead).
      const theirs = current && seal ? await openConflict(current, seal) : current;
      if (theirs && request.onConflict) request.onConflict(theirs);
      else toast.error({ title: describeFailure(error) });
    } finally {
      setIsSaving(false);
    }
  };

  return { pending, isSaving, save };
}

async function openConflict(current: EditConflictCurrent, seal: ClipSealer): Promise<EditConflictCurrent | null> {
  try {
    return { ...current, text: await seal.openText(current.text) };
  } catch {
    return null;
  }
}
