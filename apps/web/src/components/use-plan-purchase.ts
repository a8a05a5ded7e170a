import type { BillingInterval, PlanId } from '@clipsync/shared/plans';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenBillingPortal, useStartCheckout } from '../api/billing-mutations';
import { sessionStore } from '../api/session-store';

/**
 * The purchase rule: without a session, the alert 'Please log in to purchase a plan.' and no
 * request; otherwise the plan's checkout (or, for a subscriber, the portal) opens, the button reading
 * 'Redirecting...' until the browser leaves; a failure gives the alert 'Failed to start checkout...'.
 */
export function usePlanPurchase({ isSwitch }: { isSwitch: boolean }) {
  const { t } = useTranslation();
  const [redirectingPlan, setRedirectingPlan] = useState<PlanId | null>(null);
  const startCheckout = useStartCheckout();
  const openPortal = useOpenBillingPortal();

  // Back from Stripe, the browser may show this page from its cache, button still 'Redirecting...'.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setRedirectingPlan(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const choose = async (plan: PlanId, interval: BillingInterval) => {
    if (redirectingPlan) return;
    if (!sessionStore.getSession()) {
      window.alert(t('pricing.loginToPurchase'));
      return;
    }
    setRedirectingPlan(plan);
    try {
      await (isSwitch ? openPortal.mutateAsync() : startCheckout.mutateAsync({ plan, interval }));
    } catch {
      setRedirectingPlan(null);
      window.alert(t('pricing.checkoutFailed'));
    }
  };
  return { redirectingPlan, choose };
}
