import type { Clip, ClipFileSummary, ClipViewGrant } from '@clipsync/shared';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipCache } from '../../../api/clip-queries';
import { ShareClipDialog } from '../../../components/ShareClipDialog';
import { useClipLiveUpdates } from '../../../realtime/use-clip-live-updates';
import { useToast } from '../../../ui/use-toast';
import { ClipBadge, ClipContentField } from '../editor/ClipContentField';
import { ClipPageLayout, ClipPanel } from '../editor/ClipPageLayout';
import type { ClipEncryption } from '../sealed/use-opened-clip';
import { LeavingSpendsNote } from './LeavingSpendsNote';
import { LiveUpdatesStatus } from './LiveUpdatesStatus';
import { StoredClipFiles } from './StoredClipFiles';
import { SharedClipActions, SharedClipNote } from './SharedClipActions';
import { SharedClipTitle } from './SharedClipTitle';
import { ReportLinkButton } from '../../../components/ReportLinkButton';

/** A protected clip opened here ("Show clip"): held by the page, as reading it again would need another view. */
export interface OpenedClipState {
  grant: ClipViewGrant;
  update: (change: (clip: Clip) => Clip) => void;
  /** The views the link had before this open; null: it counts none, and leaving costs nothing. */
  viewsLeftBefore: number | null;
}

/** A live file list names no grant: the one who opened the clip fetches its files with their own. */
const withGrant = (files: ClipFileSummary[], grant: ClipViewGrant) =>
  files.map((file) => {
    const url = `${file.url}${file.url.includes('?') ? '&' : '?'}access=${encodeURIComponent(grant.token)}`;
    return { ...file, id: url, url };
  });

interface SharedClipViewerViewProps {
  clip: Clip;
  /** Set for a clip opened by "Show clip": live updates join with its grant and change the page's copy. */
  opened?: OpenedClipState;
  /** The owner deleted the clip while it was open here. */
  onDeleted: () => void;
  /** The operator of this server took the clip down while it was open here. */
  onTakenDown?: () => void;
  /** End-to-end encrypted: the clip came opened with this key, and live updates are opened with it too. */
  encryption?: ClipEncryption;
}

/**
 * A shared clip for everyone but its owner, signed out included: read-only, kept current by the
 * clip's live updates, with a line saying whether they are arriving.
 */
export function SharedClipViewerView({ clip, opened, onDeleted, onTakenDown, encryption }: SharedClipViewerViewProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { updateClip, refreshViewedClip } = useClipCache();
  const [isSharing, setIsSharing] = useState(false);
  const update = opened ? opened.update : (change: (stored: Clip) => Clip) => updateClip(clip.id, change);
  const liveState = useClipLiveUpdates(clip.id, {
    enabled: true,
    grant: opened?.grant.token,
    onContent: (content) => {
      update((stored) => ({ ...stored, content }));
      toast.success({ title: t('editor.contentUpdatedByOwner') });
    },
    // The broadcast names the files without their ids; the stored clip has them all. An opened clip is not
    // read again (that would take another view): its files come from the broadcast, with the grant.
    onFiles: (files) => {
      if (opened) update((stored) => ({ ...stored, files: withGrant(files, opened.grant) }));
      else void refreshViewedClip(clip.id);
      toast.success({ title: t('editor.filesUpdatedByOwner') });
    },
    onSubscribed: () => {
      if (!opened) void refreshViewedClip(clip.id);
    },
    onDeleted,
    onTakenDown,
  });

  return (
    <ClipPageLayout>
      <SharedClipTitle ownerName={clip.ownerName} isEncrypted={clip.encrypted} />
      <SharedClipNote tone="viewer">{t('editor.viewerNote')}</SharedClipNote>
      <LiveUpdatesStatus state={liveState} />
      {opened && opened.viewsLeftBefore !== null && <LeavingSpendsNote isLastView={opened.viewsLeftBefore <= 1} />}
      <ClipPanel>
        <ClipContentField
          value={clip.content}
          readOnly
          badge={
            <ClipBadge tone="neutral">
              <Eye className="h-3.5 w-3.5" aria-hidden="true" />
              {t('editor.viewOnlyLabel')}
            </ClipBadge>
          }
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <SharedClipActions clipId={clip.id} text={clip.content} onShare={() => setIsSharing(true)} />
          <ReportLinkButton kind="clip" link={clip.id} />
        </div>
        <StoredClipFiles files={clip.files} encryption={encryption} />
      </ClipPanel>
      <ShareClipDialog
        clipId={isSharing ? clip.id : null}
        encryption={clip.encrypted ? { fragment: encryption?.fragment ?? null } : undefined}
        onOpenChange={setIsSharing}
      />
    </ClipPageLayout>
  );
}
