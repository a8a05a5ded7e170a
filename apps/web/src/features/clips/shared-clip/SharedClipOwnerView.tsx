import type { Clip, ClipFile } from '@clipsync/shared';
import { TakedownOwnerNotice } from '../../../components/TakenDownNotice';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRemoveClipFile } from '../../../api/clip-mutations';
import { useClipCache } from '../../../api/clip-queries';
import { EditConflictDialog } from '../../../components/EditConflictDialog';
import { ShareClipDialog } from '../../../components/ShareClipDialog';
import { isEmptiedByLink } from '../../../components/ShareStateBadge';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSaveShortcut } from '../../../ui/use-save-shortcut';
import { useToast } from '../../../ui/use-toast';
import { ClipBadge, ClipContentField } from '../editor/ClipContentField';
import { ClipPageLayout, ClipPanel } from '../editor/ClipPageLayout';
import { DropHint } from '../editor/DropHint';
import { editorFocusAskedBy } from '../editor/focus-editor-state';
import { LeaveUnsavedDialog } from '../editor/LeaveUnsavedDialog';
import { PendingFileList } from '../editor/PendingFileList';
import { SaveButton } from '../editor/SaveButton';
import { UploadFileButton } from '../../../components/UploadFileButton';
import { usePasteAndDrop } from '../../../components/use-paste-and-drop';
import { useUnsavedChangesGuard } from '../editor/use-unsaved-changes-guard';
import { NewClipLink } from '../../../components/NewClipLink';
import { SendToDeviceButton } from '../../../components/SendToDeviceButton';
import type { ClipEncryption } from '../sealed/use-opened-clip';
import { ClipViewLog } from './ClipViewLog';
import { DeleteClipButton } from './DeleteClipButton';
import { EmptiedByLinkNotice } from './EmptiedByLinkNotice';
import { StoredClipFiles } from './StoredClipFiles';
import { SharedClipActions, SharedClipNote } from './SharedClipActions';
import { SharedClipTitle } from './SharedClipTitle';
import { useSharedClipEditor } from './use-shared-clip-editor';

/**
 * A shared clip, as its owner sees it: editable, with uploads and Save Changes. `encryption`: the clip is
 * end-to-end encrypted and came opened with its key, which seals each save.
 */
export function SharedClipOwnerView({ clip, encryption }: { clip: Clip; encryption?: ClipEncryption }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useSharedClipEditor(clip, encryption?.seal);
  // Arriving from the new clip just saved: the text box keeps the cursor it had there.
  const focusAsked = editorFocusAskedBy(useLocation().state);
  // Deleted here: back to the list. Unsaved edits went with the clip the owner chose to delete, so
  // leaving does not ask about them.
  const [isDeleted, setIsDeleted] = useState(false);
  const leaveGuard = useUnsavedChangesGuard(editor.hasUnsavedChanges && !isDeleted);
  const navigate = useNavigate();
  const { forgetClip } = useClipCache();
  useEffect(() => {
    if (!isDeleted) return;
    void Promise.resolve(navigate('/dashboard', { replace: true })).then(() => forgetClip(clip.id));
  }, [isDeleted, navigate, forgetClip, clip.id]);
  useSaveShortcut(() => void editor.save(), editor.hasUnsavedChanges && !editor.isSaving);
  const [isSharing, setIsSharing] = useState(false);
  const { isDraggingFiles } = usePasteAndDrop({
    enabled: true,
    onFiles: editor.pending.addFiles,
    onText: editor.appendToText,
  });
  // Sharing waits for Save: whoever opens the link would see the stored version, not what the owner has on screen.
  const share = () => (editor.hasUnsavedChanges ? toast.error({ title: t('editor.saveFirst') }) : setIsSharing(true));
  // A send carries the stored clip too, so it waits for Save in the same way.
  const maySend = () => {
    if (!editor.hasUnsavedChanges) return true;
    toast.error({ title: t('editor.saveFirst') });
    return false;
  };
  const [fileToRemove, setFileToRemove] = useState<ClipFile | null>(null);
  const removeFile = useRemoveClipFile({
    onSuccess: () => toast.success({ title: t('editor.fileRemoved') }),
    onError: () => toast.error({ title: t('editor.fileRemoveFailed') }),
  });

  return (
    <ClipPageLayout>
      <SharedClipTitle isOwn isEncrypted={clip.encrypted} share={clip.share} />
      {clip.takedown && <TakedownOwnerNotice takedown={clip.takedown} />}
      {isEmptiedByLink(clip.share) && clip.content === '' && clip.files.length === 0 && <EmptiedByLinkNotice />}
      <SharedClipNote tone="owner">{t('editor.ownerNote')}</SharedClipNote>
      <ClipPanel>
        <ClipContentField
          value={editor.text}
          onChange={editor.setText}
          autoFocus={focusAsked !== null}
          caret={focusAsked?.caret}
          badge={editor.isTextDirty && <ClipBadge tone="warning">{t('editor.unsaved')}</ClipBadge>}
        />
        <DropHint isActive={isDraggingFiles} />
        <div className="mt-4 flex flex-wrap gap-2">
          <SaveButton
            label={t(editor.isSaving ? 'editor.saving' : 'editor.saveChanges')}
            isBusy={editor.isSaving}
            disabled={!editor.hasUnsavedChanges || editor.isSaving}
            onSave={() => void editor.save()}
          />
          <SharedClipActions
            clipId={clip.id}
            text={editor.text}
            onShare={share}
            afterCopy={clip.abilities.upload && <UploadFileButton onFiles={editor.pending.addFiles} />}
          />
          <SendToDeviceButton content={{ clipId: clip.id }} mayOpen={maySend} />
          <NewClipLink variant="secondary" />
          <DeleteClipButton clipId={clip.id} onDeleted={() => setIsDeleted(true)} />
        </div>
        <PendingFileList pending={editor.pending} isLocked={editor.isSaving} note={t('editor.pendingNotShared')} />
        <StoredClipFiles
          files={clip.files}
          encryption={encryption}
          onRemove={clip.abilities.upload ? setFileToRemove : undefined}
        />
        <ClipViewLog clipId={clip.id} />
      </ClipPanel>
      <ShareClipDialog
        clipId={isSharing ? clip.id : null}
        isOwner
        share={clip.share}
        encryption={clip.encrypted ? { fragment: encryption?.fragment ?? null } : undefined}
        onOpenChange={setIsSharing}
      />
      <ConfirmDialog
        isOpen={fileToRemove !== null}
        onOpenChange={(isOpen) => !isOpen && setFileToRemove(null)}
        title={t('editor.confirmRemoveFileTitle')}
        description={t('editor.confirmRemoveFileBody', { name: fileToRemove?.name ?? '' })}
        confirmLabel={t('editor.confirmRemoveFile')}
        cancelLabel={t('clips.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => fileToRemove && removeFile.mutate({ clipId: clip.id, fileId: fileToRemove.id })}
      />
      <LeaveUnsavedDialog guard={leaveGuard} />
      <EditConflictDialog
        conflict={editor.conflict}
        onKeepMine={() => void editor.keepMine()}
        onTakeTheirs={editor.takeTheirs}
        onDismiss={editor.dismissConflict}
      />
    </ClipPageLayout>
  );
}
