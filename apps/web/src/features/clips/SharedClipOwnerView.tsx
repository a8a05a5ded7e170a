import type { Clip } from '@clipsync/shared';
import { Loader2, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/use-toast';
import { ClipBadge, ClipContentField } from './ClipContentField';
import { ClipFileList } from './ClipFileList';
import { ClipPageLayout, ClipPanel } from './ClipPageLayout';
import { DropHint } from './DropHint';
import { PendingFileList } from './PendingFileList';
import { SharedClipActions, SharedClipNote } from './SharedClipActions';
import { SharedClipTitle } from './SharedClipTitle';
import { ShareClipDialog } from './ShareClipDialog';
import { UploadFileButton } from './UploadFileButton';
import { usePasteAndDrop } from './use-paste-and-drop';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
import { useSharedClipEditor } from './use-shared-clip-editor';

/** SPEC §2 shared clip, as its owner sees it: editable, with uploads and Save Changes. */
export function SharedClipOwnerView({ clip }: { clip: Clip }) {
  const { t } = useTranslation();
  const toast = useToast();
  const editor = useSharedClipEditor(clip);
  useUnsavedChangesGuard(editor.hasUnsavedChanges);
  const [isSharing, setIsSharing] = useState(false);
  const { isDraggingFiles, dropTargetProps } = usePasteAndDrop({
    enabled: true,
    onFiles: editor.pending.addFiles,
    onText: editor.appendToText,
  });
  // SPEC §5: whoever opens the link would see the stored version, not what the owner has on screen.
  const share = () => (editor.hasUnsavedChanges ? toast.error({ title: t('editor.saveFirst') }) : setIsSharing(true));

  return (
    <ClipPageLayout {...dropTargetProps}>
      <SharedClipTitle />
      <SharedClipNote tone="owner">{t('editor.ownerNote')}</SharedClipNote>
      <ClipPanel>
        <ClipContentField
          value={editor.text}
          onChange={editor.setText}
          badge={editor.isTextDirty && <ClipBadge tone="warning">{t('editor.unsaved')}</ClipBadge>}
        />
        <DropHint isActive={isDraggingFiles} />
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => void editor.save()} disabled={!editor.hasUnsavedChanges || editor.isSaving}>
            {editor.isSaving ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Save className="h-4 w-4" aria-hidden="true" />
            )}
            {t(editor.isSaving ? 'editor.saving' : 'editor.saveChanges')}
          </Button>
          <UploadFileButton onFiles={editor.pending.addFiles} />
          <SharedClipActions clipId={clip.id} text={editor.text} onShare={share} />
        </div>
        <PendingFileList
          files={editor.pending.pendingFiles}
          onRemove={editor.pending.removeFile}
          isLocked={editor.isSaving}
        />
        <ClipFileList title={t('editor.attachedFiles')} files={clip.files} />
      </ClipPanel>
      <ShareClipDialog clipId={isSharing ? clip.id : null} onOpenChange={setIsSharing} />
    </ClipPageLayout>
  );
}
