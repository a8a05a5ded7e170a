import type { BillingResponse, SubscriptionStatus } from '@clipsync/shared';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOpenBillingPortal } from '../../api/billing-mutations';
import { useBillingHeadline } from '../../components/use-billing-headline';
import { useDateFormat } from '../../lib/use-date-format';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { useToast } from '../../ui/use-toast';

const STATUS_TONE: Record<SubscriptionStatus, string> = {
  trialing: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  past_due: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  canceled: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** The user's plan, its status, the trial's end or the next renewal, and Manage subscription. */
export function SubscriptionSummary({ billing }: { billing: BillingResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const headline = useBillingHeadline(billing);
  const openPortal = useOpenBillingPortal();
  const formatDate = useDateFormat();
  const isRedirecting = openPortal.isPending || openPortal.isSuccess;
  return (
    <section
      aria-labelledby="billing-current"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="billing-current" className="text-sm font-medium text-slate-600 dark:text-slate-300">
            {t('billing.currentTitle')}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-bold" data-testid="billing-plan">
            {headline}
            {/* Without a paid plan the headline already says it: 'Trial: 5 days left', 'No plan'. */}
            {billing.plan && (
              <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_TONE[billing.status])}>
                {t(`billing.status.${billing.status}`)}
              </span>
            )}
          </p>
          <BillingDates billing={billing} formatDate={formatDate} />
        </div>
        {billing.plan && (
          <Button
            variant="secondary"
            disabled={isRedirecting}
            onClick={() =>
              openPortal.mutate(undefined, { onError: () => toast.error({ title: t('billing.portalFailed') }) })
            }
          >
            {isRedirecting ? t('pricing.redirecting') : t('billing.manage')}
          </Button>
        )}
      </div>
      {billing.status === 'past_due' && (
        <p role="alert" className="mt-4 flex items-center gap-2 text-sm text-amber-900 dark:text-amber-200">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('billing.pastDue')}
        </p>
      )}
    </section>
  );
}

function BillingDates({ billing, formatDate }: { billing: BillingResponse; formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (billing.status === 'trialing' && billing.trialEndsAt) {
    lines.push(t('billing.trialEnds', { date: formatDate(billing.trialEndsAt), count: billing.trialDaysLeft }));
  }
  if (billing.plan && billing.renewsAt && billing.status !== 'canceled') {
    const key = billing.cancelAtPeriodEnd ? 'billing.endsOn' : 'billing.renewsOn';
    lines.push(t(key, { date: formatDate(billing.renewsAt) }));
  }
  if (billing.plan === null && billing.status === 'canceled') lines.push(t('billing.choosePlanHint'));
  return (
    <>
      {lines.map((line) => (
        <p key={line} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {line}
        </p>
      ))}
    </>
  );
}
