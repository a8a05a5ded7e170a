import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBilling } from '../../api/billing-queries';
import { PlanPicker } from '../../components/PlanPicker';
import { hasLiveSubscription } from '../../lib/billing-summary';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { GrantedPlan } from './GrantedPlan';
import { SubscriptionSummary } from './SubscriptionSummary';

/**
 * `/billing`: the plan, its status and next date, Manage subscription (Stripe's portal) and the plans to
 * upgrade to. A server without payments says so plainly: every feature is free there, and the plans are
 * listed for reference only. Either way a plan the admin granted shows with its end and its storage.
 */
export default function BillingPage() {
  const { t } = useTranslation();
  const billing = useBilling();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('billing.title')}</h1>
      {billing.isPaymentsOff ? (
        <>
          <GrantedPlan />
          <section className="mt-6 flex gap-3 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <Info className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">{t('billing.paymentsOffTitle')}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('billing.paymentsOffBody')}</p>
            </div>
          </section>
          <PlansSection>
            <PlanPicker isForReference />
          </PlansSection>
        </>
      ) : billing.isPending ? (
        <div role="status" aria-label={t('billing.loading')} className="mt-6">
          <Skeleton className="h-36 w-full" />
        </div>
      ) : billing.isError ? (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert" className="text-slate-700 dark:text-slate-200">
            {t('billing.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void billing.refetch()}>
            {t('billing.retry')}
          </Button>
        </div>
      ) : (
        <>
          <SubscriptionSummary billing={billing.data} />
          <GrantedPlan />
          <PlansSection>
            <PlanPicker
              currentPlan={hasLiveSubscription(billing.data) ? billing.data.plan : null}
              hasSubscription={hasLiveSubscription(billing.data)}
              initialInterval={billing.data.interval ?? 'month'}
            />
          </PlansSection>
        </>
      )}
    </div>
  );
}

function PlansSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="billing-plans" className="mt-12">
      <h2 id="billing-plans" className="text-xl font-semibold">
        {t('billing.plansTitle')}
      </h2>
      {children}
    </section>
  );
}
