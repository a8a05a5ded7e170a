import { Sparkles } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { Dialog, DialogClose, DialogContent } from '../ui/Dialog';
import { upgradePrompt } from './upgrade-prompt';

/** The dialog a plan refusal opens: what the action needs and the way to the billing page. */
export function UpgradePrompt() {
  const { t } = useTranslation();
  const plan = useSyncExternalStore(upgradePrompt.subscribe, upgradePrompt.getOffered);
  const planName = plan ? t(`pricing.plans.${plan}.name`) : '';
  return (
    <Dialog open={plan !== null} onOpenChange={(isOpen) => !isOpen && upgradePrompt.dismiss()}>
      <DialogContent
        title={t('billing.upgradeTitle', { plan: planName })}
        description={t('billing.upgradeBody', { plan: planName })}
        closeLabel={t('common.close')}
      >
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('billing.notNow')}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/billing" onClick={() => upgradePrompt.dismiss()}>
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              {t('billing.seePlans', { plan: planName })}
            </Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
