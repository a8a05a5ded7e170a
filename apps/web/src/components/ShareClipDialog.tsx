import { Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useShareOrigin } from '../api/network-queries';
import { copyText } from '../lib/browser-files';
import { Button } from '../ui/Button';
import { Dialog, DialogContent } from '../ui/Dialog';
import { Input } from '../ui/Input';
import { useToast } from '../ui/use-toast';

/** The public address of a clip: anyone holding it may read the clip (SPEC §6). */
export const clipLink = (origin: string, clipId: string) => `${origin}/clips/${clipId}`;

interface ShareClipDialogProps {
  clipId: string | null;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * SPEC §2 Share Clip dialog: the read-only link with a copy button and its QR code (size 200, level H).
 * Opened at localhost, the link uses the machine's network address instead, and a note says so.
 */
export function ShareClipDialog({ clipId, onOpenChange }: ShareClipDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { origin, lanHost } = useShareOrigin(clipId !== null);
  const link = clipId ? clipLink(origin, clipId) : '';
  const copy = async () => {
    try {
      await copyText(link);
      toast.success({ title: t('share.linkCopied') });
    } catch {
      toast.error({ title: t('share.copyFailed'), description: t('share.copyFailedBody') });
    }
  };
  return (
    <Dialog open={clipId !== null} onOpenChange={onOpenChange}>
      <DialogContent title={t('share.title')} description={t('share.description')} closeLabel={t('common.close')}>
        <div className="flex gap-2">
          <Input
            readOnly
            value={link}
            aria-label={t('share.link')}
            onFocus={(event) => event.target.select()}
            className="flex-1"
          />
          <Button variant="secondary" onClick={() => void copy()} aria-label={t('share.copy')}>
            <Copy className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        {lanHost && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('share.lanNote', { address: lanHost })}</p>
        )}
        {link && (
          <figure className="mt-6 flex flex-col items-center gap-3">
            <div className="rounded-lg bg-white p-3">
              <QRCodeSVG value={link} size={200} level="H" role="img" aria-label={t('share.qrLabel')} />
            </div>
            <figcaption className="text-center text-sm text-slate-600 dark:text-slate-300">
              {t('share.qrCaption')}
            </figcaption>
          </figure>
        )}
      </DialogContent>
    </Dialog>
  );
}
