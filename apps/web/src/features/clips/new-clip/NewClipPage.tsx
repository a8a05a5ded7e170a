import { ArrowLeft, Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ClipFileList } from '../../../components/ClipFileList';
import { EditConflictDialog } from '../../../components/EditConflictDialog';
import { LockedClipboard } from '../../../components/LockedClipboard';
import { ShareClipDialog } from '../../../components/ShareClipDialog';
import { useAuth } from '../../../session/auth-context';
import { useSealedClipboard } from '../../../session/use-sealed-clipboard';
import { Button } from '../../../ui/Button';
import { RouteFallback } from '../../../ui/RouteFallback';
import { useSaveShortcut } from '../../../ui/use-save-shortcut';
import { ClipContentField } from '../editor/ClipContentField';
import { focusEditorState } from '../editor/focus-editor-state';
import { ClipPageLayout, ClipPanel } from '../editor/ClipPageLayout';
import { DropHint } from '../editor/DropHint';
import { LeaveUnsavedDialog } from '../editor/LeaveUnsavedDialog';
import { PendingFileList } from '../editor/PendingFileList';
import { SaveButton } from '../editor/SaveButton';
import { UploadFileButton } from '../../../components/UploadFileButton';
import { useClipContentActions } from '../editor/use-clip-content-actions';
import { usePasteAndDrop } from '../../../components/use-paste-and-drop';
import { useUnsavedChangesGuard } from '../editor/use-unsaved-changes-guard';
import { EncryptionOption } from './EncryptionOption';
import { useNewClip } from './use-new-clip';

/**
 * /new-clip has no guard in the route table, yet creating a clip needs an account: a signed-out visitor
 * goes to /auth, and the public guard brings them back here after login.
 */
export default function NewClipPage() {
  const { status } = useAuth();
  const location = useLocation();
  const clipboard = useSealedClipboard();
  if (status === 'loading') return <RouteFallback />;
  if (status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location }} />;
  if (clipboard.state === 'locked') return <LockedNewClip />;
  return <NewClipEditor />;
}

/** A sealed clipboard makes no clip on a locked device: the page asks to unlock first. */
function LockedNewClip() {
  const { t } = useTranslation();
  return (
    <ClipPageLayout>
      <h1 className="mt-2 mb-4 text-2xl font-bold sm:text-3xl">{t('pages.newClip')}</h1>
      <ClipPanel>
        <LockedClipboard variant="new-clip" />
      </ClipPanel>
    </ClipPageLayout>
  );
}

function NewClipEditor() {
  const { t } = useTranslation();
  const editor = useNewClip();
  const leaveGuard = useUnsavedChangesGuard(editor.hasUnsavedChanges);
  const { copyContent } = useClipContentActions();
  const [sharedClipId, setSharedClipId] = useState<string | null>(null);
  const { isDraggingFiles } = usePasteAndDrop({
    enabled: true,
    onFiles: editor.pending.addFiles,
    onText: editor.appendToText,
  });
  const isBusy = editor.isInitializing || editor.isSaving;
  useSaveShortcut(() => void editor.save(), !isBusy);
  // Once saved, the clip lives at its own address: a reload or a bookmark opens it, not a fresh draft. The
  // person goes on typing there (Ctrl+Enter is pressed from the text box), so its editor takes the focus.
  const navigate = useNavigate();
  // An encrypted clip's address carries its key after `#`, which no request ever sends.
  const savedClipId = editor.hasSaved && !editor.isSaving && !editor.hasUnsavedChanges ? editor.clipId : null;
  const keyFragment = editor.encryption.made?.fragment;
  useEffect(() => {
    if (!savedClipId) return;
    const address = `/clips/${savedClipId}${keyFragment ? `#${keyFragment}` : ''}`;
    void navigate(address, { replace: true, state: focusEditorState(document.activeElement) });
  }, [savedClipId, keyFragment, navigate]);
  const saveLabel = editor.isInitializing ? 'editor.initializing' : editor.isSaving ? 'editor.saving' : 'editor.save';

  return (
    <ClipPageLayout>
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/dashboard">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('editor.back')}
        </Link>
      </Button>
      <h1 className="mt-2 mb-4 text-2xl font-bold sm:text-3xl">{t('pages.newClip')}</h1>
      <ClipPanel>
        <ClipContentField value={editor.text} onChange={editor.setText} autoFocus />
        <DropHint isActive={isDraggingFiles} />
        {editor.sealedDraft ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('sealedClipboard.newClipNote')}</p>
        ) : (
          // A clip saved in clear, even partly, stays so: the server has seen it (decision 029).
          <EncryptionOption
            encryption={editor.encryption}
            isLocked={isBusy || editor.hasSaved || editor.uploadedFiles.length > 0}
          />
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <SaveButton label={t(saveLabel)} isBusy={isBusy} disabled={isBusy} onSave={() => void editor.save()} />
          <Button variant="secondary" onClick={() => void copyContent(editor.text)}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            {t('editor.copy')}
          </Button>
          <UploadFileButton onFiles={editor.pending.addFiles} />
          <Button
            variant="secondary"
            disabled={!editor.hasSaved || !editor.clipId}
            onClick={() => setSharedClipId(editor.clipId)}
          >
            <Share2 className="h-4 w-4" aria-hidden="true" />
            {t('editor.share')}
          </Button>
        </div>
        <PendingFileList pending={editor.pending} isLocked={editor.isSaving} />
        <ClipFileList title={t('editor.uploadedFiles')} files={editor.uploadedFiles} />
      </ClipPanel>
      <ShareClipDialog
        clipId={sharedClipId}
        isOwner
        encryption={editor.sealedDraft ? { fragment: editor.sealedDraft.fragment } : undefined}
        onOpenChange={(isOpen) => !isOpen && setSharedClipId(null)}
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
