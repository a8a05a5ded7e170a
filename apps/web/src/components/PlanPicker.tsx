import { PLANS, type BillingInterval, type PlanId } from '@clipsync/shared/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../session/auth-context';
import { Switch } from '../ui/Switch';
import { PlanCard } from './PlanCard';
import { usePlanPurchase } from './use-plan-purchase';

interface PlanPickerProps {
  /** The caller's paid plan (billing page): its card says 'Current plan'. */
  currentPlan?: PlanId | null;
  /** A live subscription: other plans are switched to in Stripe's portal, not bought a second time. */
  hasSubscription?: boolean;
  initialInterval?: BillingInterval;
  /** A server that sells no plans: the plans are listed for reference, with nothing to buy. */
  isForReference?: boolean;
}

/** The pricing section's monthly/yearly toggle and the three plans with their purchase buttons. */
export function PlanPicker({
  currentPlan = null,
  hasSubscription = false,
  initialInterval = 'month',
  isForReference = false,
}: PlanPickerProps) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [interval, setInterval] = useState<BillingInterval>(initialInterval);
  const { redirectingPlan, choose } = usePlanPurchase({ isSwitch: hasSubscription });
  const periodClass = (period: BillingInterval) =>
    interval === period ? 'text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300';
  return (
    <>
      <div
        className="mt-8 flex items-center justify-center gap-3 text-sm font-medium"
        role="group"
        aria-label={t('pricing.billingPeriod')}
      >
        <span id="billing-monthly" className={periodClass('month')}>
          {t('pricing.monthly')}
        </span>
        <Switch
          aria-labelledby="billing-yearly"
          checked={interval === 'year'}
          onCheckedChange={(isYearly) => setInterval(isYearly ? 'year' : 'month')}
        />
        <span id="billing-yearly" className={periodClass('year')}>
          {t('pricing.yearly')}
        </span>
      </div>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            interval={interval}
            purchase={
              isForReference
                ? undefined
                : {
                    isSignedIn: status === 'signedIn',
                    isRedirecting: redirectingPlan === plan.id,
                    isBusy: redirectingPlan !== null,
                    isCurrent: plan.id === currentPlan,
                    isSwitch: hasSubscription,
                    onChoose: () => void choose(plan.id, interval),
                  }
            }
          />
        ))}
      </div>
    </>
  );
}
