import { useTranslation } from 'react-i18next';
import { useBillingConfig } from '../../api/billing-queries';
import { PlanPicker } from '../../components/PlanPicker';

/**
 * What the pricing section says depends on the server: one without payments offers no trial and sells
 * nothing, so it says every feature is free and lists the plans for reference. Until the server has
 * answered (and in the prerendered page, which cannot know which server serves it) the plans are listed
 * without a claim or a purchase button; the line above them keeps its room so the plans do not move.
 */
export function PricingPlans() {
  const { t } = useTranslation();
  const config = useBillingConfig();
  // A config that could not be fetched leaves the purchase buttons: checkout itself says if it cannot sell.
  const isFree = config.data?.paymentsEnabled === false;
  return (
    <>
      <p className="mx-auto mt-4 min-h-14 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300">
        {config.isPending ? null : isFree ? t('pricing.freeOnThisServer') : t('pricing.subtitle')}
      </p>
      <PlanPicker isForReference={config.isPending || isFree} />
    </>
  );
}
