import type { BillingInterval, Plan } from '@clipsync/shared/plans';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { planPriceDisplay } from '../lib/pricing';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

/** What the card's button does, decided by the plan picker. */
export interface PlanPurchase {
  /** The purchase button is enabled only when signed in. */
  isSignedIn: boolean;
  /** This plan's checkout (or portal) is being opened: the button reads 'Redirecting...'. */
  isRedirecting: boolean;
  /** Another plan is redirecting: one purchase at a time. */
  isBusy: boolean;
  /** The caller's own plan, on the billing page. */
  isCurrent: boolean;
  /** A subscriber changes plan in Stripe's portal rather than buying a second subscription. */
  isSwitch: boolean;
  onChoose: () => void;
}

/**
 * One plan: price for the chosen billing, features, and the purchase button (signed out: disabled).
 * Without `purchase` (a server that sells no plans) the card is there for reference only, with no button.
 */
export function PlanCard({
  plan,
  interval,
  purchase,
}: {
  plan: Plan;
  interval: BillingInterval;
  purchase?: PlanPurchase;
}) {
  const { t } = useTranslation();
  const price = planPriceDisplay(plan, interval);
  const name = t(`pricing.plans.${plan.id}.name`);
  const loginHintId = `login-required-${plan.id}`;
  return (
    <article
      aria-label={name}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm dark:bg-slate-900',
        plan.isMostPopular
          ? 'border-indigo-600 ring-2 ring-indigo-600 dark:border-indigo-400 dark:ring-indigo-400'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {plan.isMostPopular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white dark:bg-indigo-400 dark:text-slate-950">
          {t('pricing.mostPopular')}
        </p>
      )}
      <h3 className="text-xl font-semibold">{name}</h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`pricing.plans.${plan.id}.description`)}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold" data-testid="plan-price">
          ${price.perMonth}
        </span>
        <span className="text-slate-600 dark:text-slate-300">{t('pricing.perMonth')}</span>
      </p>
      <p className="mt-1 h-5 text-sm text-slate-600 dark:text-slate-300">
        {price.billedYearly === null
          ? t('pricing.billedMonthly')
          : t('pricing.billedAnnually', { amount: price.billedYearly })}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map(({ feature, included }) => (
          <li
            key={feature}
            className={cn('flex items-center gap-2', !included && 'text-slate-500 line-through dark:text-slate-400')}
          >
            {included ? (
              <Check className="h-4 w-4 text-emerald-600 dark:text-emerald-400" aria-label={t('pricing.included')} />
            ) : (
              <X className="h-4 w-4" aria-label={t('pricing.notIncluded')} />
            )}
            {t(`pricing.features.${feature}`)}
          </li>
        ))}
      </ul>
      {purchase && (
        <>
          <Button
            className="mt-8 w-full"
            variant={plan.isMostPopular ? 'primary' : 'secondary'}
            disabled={!purchase.isSignedIn || purchase.isCurrent || purchase.isBusy || purchase.isRedirecting}
            aria-describedby={purchase.isSignedIn ? undefined : loginHintId}
            onClick={purchase.onChoose}
          >
            {purchase.isRedirecting
              ? t('pricing.redirecting')
              : purchase.isCurrent
                ? t('pricing.currentPlan')
                : t(purchase.isSwitch ? 'pricing.switchTo' : 'pricing.choose', { plan: name })}
          </Button>
          {!purchase.isSignedIn && (
            <p id={loginHintId} className="mt-2 text-center text-xs text-slate-600 dark:text-slate-300">
              {t('pricing.loginRequired')}
            </p>
          )}
        </>
      )}
    </article>
  );
}
