import { useTranslation } from 'react-i18next';
import { useBillingConfig } from '../../api/billing-queries';
import { PlanPicker } from '../../components/PlanPicker';

/**
 * What the pricing section says depends on the server: one without payments offers no trial and sells
 * nothing, so it says every feature is free and lists the plans for reference. Until the server has
 * answered, neither is claimed (the prerendered page cannot know which server serves it).
 */
export function PricingPlans() {
  const { t } = useTranslation();
  const config = useBillingConfig();
  if (config.isPending) return null;
  // A config that could not be fetched leaves the purchase buttons: checkout itself says if it cannot sell.
  const isFree = config.data?.paymentsEnabled === false;
  return (
    <>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300">
        {isFree ? t('pricing.freeOnThisServer') : t('pricing.subtitle')}
      </p>
      <PlanPicker isForReference={isFree} />
    </>
  );
}
