import { useTranslation } from 'react-i18next';
import { useShareOrigin } from '../api/network-queries';
import { Dialog, DialogContent } from '../ui/Dialog';
import { ShareLinkPanel } from './ShareLinkPanel';

/** The public address of a clip: anyone holding it may read the clip. */
export const clipLink = (origin: string, clipId: string) => `${origin}/clips/${clipId}`;

interface ShareClipDialogProps {
  clipId: string | null;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The Share Clip dialog: the read-only link with a copy button and its QR code (size 200, level H).
 * Opened at localhost, the link uses the machine's network address instead, and a note says so.
 */
export function ShareClipDialog({ clipId, onOpenChange }: ShareClipDialogProps) {
  const { t } = useTranslation();
  const { origin, lanHost } = useShareOrigin(clipId !== null);
  const link = clipId ? clipLink(origin, clipId) : '';
  return (
    <Dialog open={clipId !== null} onOpenChange={onOpenChange}>
      <DialogContent title={t('share.title')} description={t('share.description')} closeLabel={t('common.close')}>
        <ShareLinkPanel
          link={link}
          lanHost={lanHost}
          linkLabel={t('share.link')}
          qrLabel={t('share.qrLabel')}
          qrCaption={t('share.qrCaption')}
        />
      </DialogContent>
    </Dialog>
  );
}
