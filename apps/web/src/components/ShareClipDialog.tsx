import type { ClipShareSettings } from '@clipsync/shared';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShareOrigin } from '../api/network-queries';
import { Dialog, DialogContent } from '../ui/Dialog';
import { ShareLinkPanel } from './ShareLinkPanel';
import { ShareSettingsForm } from './ShareSettingsForm';

/** The public address of a clip: anyone holding it may read the clip. */
export const clipLink = (origin: string, clipId: string) => `${origin}/clips/${clipId}`;

/** The id others open the owner's clip by: its link's own id once the owner set one, else the clip's id. */
export const linkIdOf = (clip: { id: string; share?: ClipShareSettings }) =>
  clip.share ? (clip.share.state === null ? clip.share.linkId : null) : clip.id;

interface ShareClipDialogProps {
  clipId: string | null;
  /** The clip is the caller's: its link settings show under the link, which is the share's `linkId`. */
  isOwner?: boolean;
  /** The owner's link settings, as the clip's answer carries them (none: the default link). */
  share?: ClipShareSettings;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * The clip is end-to-end encrypted: its link works only with the key after `#` (`k=…`), which this
   * device may hold (null: it does not).
   */
  encryption?: { fragment: string | null };
}

/**
 * The Share Clip dialog: the read-only link with a copy button and its QR code (size 200, level H), and for
 * the owner the link's settings. Opened at localhost, the link uses the machine's network address instead,
 * and a note says so.
 */
export function ShareClipDialog({ clipId, isOwner = false, share, onOpenChange, encryption }: ShareClipDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={clipId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('share.title')}
        description={t('share.description')}
        closeLabel={t('common.close')}
        // The owner's settings under the QR code make it taller than a laptop's window: it scrolls inside.
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        {clipId && <ShareClipBody clipId={clipId} isOwner={isOwner} share={share} encryption={encryption} />}
      </DialogContent>
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening starts from the clip's stored settings. */
function ShareClipBody({
  clipId,
  isOwner,
  share,
  encryption,
}: Omit<ShareClipDialogProps, 'onOpenChange'> & { clipId: string }) {
  const { t } = useTranslation();
  const { origin, lanHost } = useShareOrigin(true);
  const [saved, setSaved] = useState<ClipShareSettings | undefined>();
  const current = saved ?? share;
  const linkId = isOwner ? linkIdOf({ id: clipId, share: current }) : clipId;
  // The key lives in the fragment, which browsers never send: the server's settings still apply on top.
  const fragment = encryption?.fragment;
  return (
    <>
      {encryption && <EncryptedShareNote />}
      {linkId && encryption && !fragment ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {t('e2e.shareNoKey')}
        </p>
      ) : linkId ? (
        <ShareLinkPanel
          link={`${clipLink(origin, linkId)}${fragment ? `#${fragment}` : ''}`}
          lanHost={lanHost}
          linkLabel={t('share.link')}
          qrLabel={t('share.qrLabel')}
          qrCaption={t('share.qrCaption')}
        />
      ) : (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {t('share.notShared')}
        </p>
      )}
      {isOwner && <ShareSettingsForm clipId={clipId} share={current} onChange={setSaved} />}
    </>
  );
}

function EncryptedShareNote() {
  const { t } = useTranslation();
  return (
    <p className="mb-4 flex items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100">
      <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
      {t('e2e.shareNote')}
    </p>
  );
}
