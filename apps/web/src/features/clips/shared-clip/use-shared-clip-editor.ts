import type { Clip } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipCache } from '../../../api/clip-queries';
import type { EditConflict } from '../../../components/EditConflictDialog';
import { appendPastedText } from '../../../lib/pasted-files';
import { useOwnClipUpdates } from '../../../realtime/use-own-clip-updates';
import type { ClipSealer } from '../../../lib/clip-sealer';
import { useSaveClip } from '../editor/use-save-clip';

const fileUrls = (files: readonly { url: string }[]) => files.map((file) => file.url).join('\n');
const haveSameFiles = (these: readonly { url: string }[], those: readonly { url: string }[]) =>
  fileUrls(these) === fileUrls(those);

/** Edits over the stored text, with the version of it they started from. */
interface Draft {
  text: string;
  version: number;
}

/**
 * The owner's side of a shared clip: edits are a draft over the stored text, dirty while
 * they differ; Save stores the text, then uploads the pending files. The server tells the viewers after
 * each save, so nothing is published from here; saves made on the owner's other devices are followed. A
 * save refused because the text was saved on another device since the draft began opens `conflict`: keep
 * this text, or take the stored one. An end-to-end encrypted clip comes opened (its text plain) with its
 * `seal`: each save is sealed with the same key, and the stored and live texts stay envelopes.
 */
export function useSharedClipEditor(clip: Clip, seal?: ClipSealer) {
  const { t } = useTranslation();
  const { updateClip, refetchClip } = useClipCache();
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
  const [draft, setDraft] = useState<Draft | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const text = draft?.text ?? clip.content;
  const isTextDirty = text !== clip.content;
  // Saved on another device: an untouched text follows; edits keep their version, so their save asks.
  // Files move no version, and the update names them without their ids: a change of them refetches.
  useOwnClipUpdates(clip.id, (update) => {
    if (!haveSameFiles(update.files, clip.files)) void refetchClip(clip.id);
    if (update.version <= clip.version) return;
    if (!isTextDirty) setDraft(null);
    updateClip(clip.id, (stored) => ({ ...stored, content: update.content, version: update.version }));
  });
  // A draft keeps the version it began from, even when the stored clip moves on under it meanwhile.
  const edit = (change: (current: string) => string) =>
    setDraft((current) => ({ text: change(current?.text ?? clip.content), version: current?.version ?? clip.version }));

  const saveFrom = (version: number, mine: string, shouldSaveText: boolean) =>
    saveClip({
      clipId: clip.id,
      text: mine,
      version,
      shouldSaveText,
      hasStoredFiles: clip.files.length > 0,
      seal,
      onTextSaved: (stored) => {
        if (stored) setDraft((current) => current && { ...current, version: stored.version });
      },
      onConflict: (theirs) => setConflict({ mine, theirs }),
    });

  return {
    text,
    setText: (value: string) => edit(() => value),
    appendToText: (pasted: string) => edit((current) => appendPastedText(current, pasted)),
    isTextDirty,
    hasUnsavedChanges: isTextDirty || pending.pendingFiles.length > 0,
    pending,
    isSaving,
    save: () => saveFrom(draft?.version ?? clip.version, text, isTextDirty),
    conflict,
    keepMine: () => {
      if (!conflict) return;
      setConflict(null);
      return saveFrom(conflict.theirs.version, conflict.mine, true);
    },
    takeTheirs: () => {
      if (!conflict) return;
      const { theirs } = conflict;
      // An encrypted clip's stored text must stay its envelope: the conflict showed it opened, so it is read again.
      if (seal) void refetchClip(clip.id);
      else updateClip(clip.id, (stored) => ({ ...stored, content: theirs.text, version: theirs.version }));
      setDraft(null);
      setConflict(null);
    },
    dismissConflict: () => setConflict(null),
  };
}
