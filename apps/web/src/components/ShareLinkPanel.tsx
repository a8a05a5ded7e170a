import { Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/browser-files';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { useToast } from '../ui/use-toast';

interface ShareLinkPanelProps {
  link: string;
  /** The LAN host the link uses in place of localhost (`useShareOrigin`), to tell the user why. */
  lanHost: string | null;
  /** What is shared, in the words of its dialog: the field's name, the QR code's name and its caption. */
  linkLabel: string;
  qrLabel: string;
  qrCaption: string;
}

/**
 * A share link, read-only with a copy button ('Link copied'), and its QR code (size 200, level H),
 * the body of every share dialog (a clip, the desktop).
 */
export function ShareLinkPanel({ link, lanHost, linkLabel, qrLabel, qrCaption }: ShareLinkPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await copyText(link);
      toast.success({ title: t('share.linkCopied') });
    } catch {
      toast.error({ title: t('share.copyFailed'), description: t('share.copyFailedBody') });
    }
  };
  return (
    <>
      <div className="flex gap-2">
        <Input
          readOnly
          value={link}
          aria-label={linkLabel}
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
            <QRCodeSVG value={link} size={200} level="H" role="img" aria-label={qrLabel} />
          </div>
          <figcaption className="text-center text-sm text-slate-600 dark:text-slate-300">{qrCaption}</figcaption>
        </figure>
      )}
    </>
  );
}
