import type { ClipFile } from '@clipsync/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipCache, useSaveClipContent } from '../../api/clip-queries';
import { clipsApi } from '../../api/clips-api';
import { appendPastedText } from '../../lib/pasted-files';
import { useToast } from '../../ui/use-toast';
import { usePendingFiles } from './use-pending-files';

/**
 * SPEC §2 New clip: an empty clip (a draft) is created on entry; Save stores the text, then uploads the
 * pending files, which move to the uploaded list. Call it only for a signed-in user.
 */
export function useNewClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const saveContent = useSaveClipContent();
  const { refetchLists } = useClipCache();
  const pending = usePendingFiles();
  const [clipId, setClipId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [uploadedFiles, setUploadedFiles] = useState<ClipFile[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const [hasSaved, setHasSaved] = useState(false);
  const [savedText, setSavedText] = useState('');

  const [draftState, setDraftState] = useState<'creating' | 'ready' | 'failed'>('creating');
  const createDraft = () => {
    setDraftState('creating');
    clipsApi.create('').then(
      (clip) => {
        setClipId(clip.id);
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
  useEffect(() => {
    if (hasRequestedDraft.current) return;
    hasRequestedDraft.current = true;
    createFirstDraft();
  }, []);

  const save = async () => {
    if (!clipId) {
      toast.error({ title: t('editor.notInitialized') });
      // The draft could not be created on entry: try again, so that the next Save can work.
      if (draftState === 'failed') createDraft();
      return;
    }
    const hasFiles = pending.pendingFiles.length > 0 || uploadedFiles.length > 0;
    if (text.trim() === '' && !hasFiles) return toast.error({ title: t('editor.contentRequired') });
    setIsSaving(true);
    try {
      await saveContent.mutateAsync({ id: clipId, content: text });
      setHasSaved(true);
      setSavedText(text);
      const { uploaded, hasFailed, failureHint } = await pending.uploadAll(clipId);
      setUploadedFiles((current) => [...current, ...uploaded]);
      if (uploaded.length > 0) void refetchLists();
      if (hasFailed) toast.error({ title: t('editor.uploadFailed'), description: failureHint && t(failureHint) });
      else toast.success({ title: t('editor.saved') });
    } catch {
      toast.error({ title: t('editor.saveFailed') });
    } finally {
      setIsSaving(false);
    }
  };

  return {
    clipId,
    isInitializing: draftState === 'creating',
    text,
    setText,
    appendToText: (pasted: string) => setText((current) => appendPastedText(current, pasted)),
    uploadedFiles,
    pending,
    isSaving,
    hasSaved,
    hasUnsavedChanges: text !== savedText || pending.pendingFiles.length > 0,
    save,
  };
}
