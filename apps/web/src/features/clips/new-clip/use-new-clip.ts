import type { ClipFile } from '@clipsync/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateClip, useCreateEncryptedClip, useDeleteClip } from '../../../api/clip-mutations';
import type { EditConflict } from '../../../components/EditConflictDialog';
import { appendPastedText } from '../../../lib/pasted-files';
import { newClipKey } from '../../../lib/clipboard-key/clip-keys';
import { useSealedClipboard } from '../../../session/use-sealed-clipboard';
import { useToast } from '../../../ui/use-toast';
import { clipSealer, type ClipSealer } from '../../../lib/clip-sealer';
import { useSaveClip } from '../editor/use-save-clip';
import { useSealedNewClip } from './use-sealed-new-clip';

/**
 * New clip: an empty clip (a draft) is created on entry; Save stores the text, then uploads the
 * pending files, which move to the uploaded list. For an account whose clipboard is encrypted end to end the
 * draft is sealed from the start (its key drawn here, wrapped by the account's), and waits for this device to
 * be unlocked. Call it only for a signed-in user. A save refused because
 * the clip was saved on another device since opens `conflict`: keep this text, or take the stored one.
 */
export function useNewClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const createClip = useCreateClip();
  const {
    pending,
    isSaving,
    save: saveClip,
  } = useSaveClip({
    savedKey: 'editor.saved',
    describeFailure: () => t('editor.saveFailed'),
  });
  const [clipId, setClipId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [uploadedFiles, setUploadedFiles] = useState<ClipFile[]>([]);
  const [hasSaved, setHasSaved] = useState(false);
  const [savedText, setSavedText] = useState('');
  // The version of the stored text this page's edits start from.
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const sealed = useSealedNewClip();
  const createEncryptedClip = useCreateEncryptedClip();
  const clipboard = useSealedClipboard();
  const sealingKey = clipboard.state === 'unlocked' ? clipboard.sealingKey : null;
  // The sealed clipboard's draft: its saves and files are sealed with its key, which its link carries.
  const [sealedDraft, setSealedDraft] = useState<{ seal: ClipSealer; fragment: string } | null>(null);
  // An encrypted clip replaces the draft (a clip is encrypted from its creation or never): the draft goes.
  const deleteDraft = useDeleteClip();

  const [draftState, setDraftState] = useState<'creating' | 'ready' | 'failed'>('creating');
  const makeDraft = async () => {
    if (!sealingKey) return { clip: await createClip.mutateAsync(''), sealed: null };
    const { key, wrappedKey } = await newClipKey(sealingKey);
    const clip = await createEncryptedClip.mutateAsync({ envelope: '', wrappedKey });
    return { clip, sealed: { seal: clipSealer(key), fragment: key.fragment } };
  };
  const createDraft = () => {
    setDraftState('creating');
    makeDraft().then(
      ({ clip, sealed: draftKey }) => {
        setClipId(clip.id);
        setVersion(clip.version);
        setSealedDraft(draftKey);
        setDraftState('ready');
      },
      () => {
        setDraftState('failed');
        toast.error({ title: t('editor.initFailed') });
      },
    );
  };
  // StrictMode runs effects twice on mount, keeping refs: the ref makes sure only one draft is created.
  const hasRequestedDraft = useRef(false);
  const createFirstDraft = useEffectEvent(createDraft);
  // Once it is known whether the clipboard is sealed (a locked device makes none: the page asks to unlock).
  const canMakeDraft = clipboard.state === 'off' || clipboard.state === 'unlocked';
  useEffect(() => {
    if (hasRequestedDraft.current || !canMakeDraft) return;
    hasRequestedDraft.current = true;
    createFirstDraft();
  }, [canMakeDraft]);

  /** The first save of an encrypted clip: sealed here, made anew with `encrypted: true`, then saved as usual. */
  const saveEncrypted = async (mine: string) => {
    if (mine.trim() === '' && pending.pendingFiles.length === 0) {
      return toast.error({ title: t('editor.contentRequired') });
    }
    const made = await sealed.create(mine, (envelope) => createEncryptedClip.mutateAsync({ envelope }));
    if (!made) return;
    // Only the untouched draft made on entry is dropped; anything saved in it is never deleted from here.
    if (clipId && !hasSaved && uploadedFiles.length === 0) deleteDraft.mutate(clipId);
    setClipId(made.clip.id);
    setVersion(made.clip.version);
    await saveClip({
      clipId: made.clip.id,
      text: mine,
      shouldSaveText: false,
      hasStoredFiles: false,
      seal: made.seal,
      onTextSaved: () => {
        setHasSaved(true);
        setSavedText(mine);
      },
      onFilesUploaded: (files) => setUploadedFiles((current) => [...current, ...files]),
    });
  };

  /**
   * Undoes a first save whose files were refused: the clip goes (no clip without its files in the lists) and a
   * fresh draft takes its place, the text and files still on the page.
   */
  const undoFirstSave = async (id: string): Promise<boolean> => {
    try {
      await deleteDraft.mutateAsync(id);
    } catch {
      return false;
    }
    setHasSaved(false);
    setSavedText('');
    setVersion(undefined);
    setClipId(null);
    createDraft();
    return true;
  };

  const saveFrom = async (from: number | undefined, mine: string) => {
    if (sealed.isWanted && !sealed.made && !sealedDraft) return saveEncrypted(mine);
    if (!clipId) {
      toast.error({ title: t('editor.notInitialized') });
      // The draft could not be created on entry: try again, so that the next Save can work.
      if (draftState === 'failed') createDraft();
      return;
    }
    await saveClip({
      clipId,
      text: mine,
      version: from,
      // A draft's text is always sent: the first save is what takes it out of the drafts.
      shouldSaveText: true,
      hasStoredFiles: uploadedFiles.length > 0,
      seal: sealed.made?.seal ?? sealedDraft?.seal,
      onTextSaved: (stored) => {
        setHasSaved(true);
        setSavedText(mine);
        if (stored) setVersion(stored.version);
      },
      onFilesUploaded: (files) => setUploadedFiles((current) => [...current, ...files]),
      onConflict: (theirs) => setConflict({ mine, theirs }),
      undo:
        !hasSaved && uploadedFiles.length === 0 && pending.pendingFiles.length > 0
          ? () => undoFirstSave(clipId)
          : undefined,
    });
  };

  return {
    clipId,
    isInitializing: draftState === 'creating',
    /** Encrypted end to end by the account's clipboard: the page says so instead of offering the choice. */
    sealedDraft,
    text,
    setText,
    appendToText: (pasted: string) => setText((current) => appendPastedText(current, pasted)),
    uploadedFiles,
    pending,
    isSaving: isSaving || sealed.isSealing,
    hasSaved,
    encryption: sealed,
    hasUnsavedChanges: text !== savedText || pending.pendingFiles.length > 0,
    save: () => saveFrom(version, text),
    conflict,
    keepMine: () => {
      if (!conflict) return;
      setConflict(null);
      return saveFrom(conflict.theirs.version, conflict.mine);
    },
    takeTheirs: () => {
      if (!conflict) return;
      setText(conflict.theirs.text);
      setSavedText(conflict.theirs.text);
      setVersion(conflict.theirs.version);
      setConflict(null);
    },
    dismissConflict: () => setConflict(null),
  };
}
