import { useTranslation } from 'react-i18next';
import { useShareDesktop, useUnshareDesktop } from '../../api/desktop-mutations';
import { useShareOrigin } from '../../api/network-queries';
import { ShareLinkPanel } from '../../components/ShareLinkPanel';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { useToast } from '../../ui/use-toast';

/** The address of a shared desktop: whoever holds it may view, add and delete items. */
export const sharedDesktopLink = (origin: string, shareToken: string) =>
  `${origin}/desktop/shared/${encodeURIComponent(shareToken)}`;

interface ShareDesktopDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  shareToken: string | null;
}

/**
 * The owner's Share dialog: creates the link on first use, then shows it with its QR code; a new link
 * replaces the old one (which stops working), Stop sharing revokes it.
 */
export function ShareDesktopDialog({ isOpen, onOpenChange, shareToken }: ShareDesktopDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { origin, lanHost } = useShareOrigin(isOpen);
  const share = useShareDesktop({
    onError: () => toast.error({ title: t('desktop.shareFailed') }),
  });
  const unshare = useUnshareDesktop({
    onSuccess: () => toast.success({ title: t('desktop.sharingStopped') }),
    onError: () => toast.error({ title: t('desktop.unshareFailed') }),
  });
  const isBusy = share.isPending || unshare.isPending;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('desktop.shareTitle')}
        description={t('desktop.shareDescription')}
        closeLabel={t('common.close')}
      >
        {shareToken ? (
          <>
            <ShareLinkPanel
              link={sharedDesktopLink(origin, shareToken)}
              lanHost={lanHost}
              linkLabel={t('desktop.shareLink')}
              qrLabel={t('desktop.qrLabel')}
              qrCaption={t('desktop.qrCaption')}
            />
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => share.mutate()} disabled={isBusy}>
                {t('desktop.rotateLink')}
              </Button>
              <Button variant="destructive" onClick={() => unshare.mutate()} disabled={isBusy}>
                {t('desktop.stopSharing')}
              </Button>
            </div>
          </>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('desktop.notShared')}</p>
            <Button onClick={() => share.mutate()} disabled={isBusy}>
              {t(share.isPending ? 'desktop.creatingLink' : 'desktop.createLink')}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
