import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingConfig } from '../../api/billing-queries';
import { PlanPicker } from '../../components/PlanPicker';
import { useIsNearViewport } from '../../ui/use-is-near-viewport';

const subscribeToNothing = () => () => undefined;

/**
 * What the pricing section says depends on the server: one without payments offers no trial and sells
 * nothing, so it says every feature is free and lists the plans for reference. Until the server has
 * answered (and in the prerendered page, which cannot know which server serves it) the plans are listed
 * without a claim or a purchase button; the line above them keeps its room so the plans do not move. The
 * server is asked (and the API client loaded) when the section comes near the screen: a visit that never
 * scrolls to it never pays for them.
 */
export function PricingPlans() {
  const { t } = useTranslation();
  const [sectionRef, isNear] = useIsNearViewport<HTMLParagraphElement>();
  const config = useBillingConfig({ enabled: isNear });
  // Hydrating the prerendered plans, the answer stays unknown whatever the cache holds (the account menu may
  // have asked already): the first render must be the HTML's.
  const isHydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const isUnknown = isHydrating || config.isPending;
  // A config that could not be fetched leaves the purchase buttons: checkout itself says if it cannot sell.
  const isFree = config.data?.paymentsEnabled === false;
  return (
    <>
      <p
        ref={sectionRef}
        className="mx-auto mt-4 min-h-14 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300"
      >
        {isUnknown ? null : isFree ? t('pricing.freeOnThisServer') : t('pricing.subtitle')}
      </p>
      <PlanPicker isForReference={isUnknown || isFree} />
    </>
  );
}
