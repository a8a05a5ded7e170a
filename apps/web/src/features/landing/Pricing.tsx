import { PLANS, type BillingInterval } from '@clipsync/shared/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../ui/Switch';
import { PlanCard } from './PlanCard';
import { SectionHeading } from './SectionHeading';

export function Pricing() {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<BillingInterval>('month');
  return (
    <section id="pricing" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('pricing.title')} subtitle={t('pricing.subtitle')} />
        <div
          className="mt-8 flex items-center justify-center gap-3 text-sm font-medium"
          role="group"
          aria-label={t('pricing.billingPeriod')}
        >
          <span
            id="billing-monthly"
            className={interval === 'month' ? 'text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}
          >
            {t('pricing.monthly')}
          </span>
          <Switch
            aria-labelledby="billing-yearly"
            checked={interval === 'year'}
            onCheckedChange={(isYearly) => setInterval(isYearly ? 'year' : 'month')}
          />
          <span
            id="billing-yearly"
            className={interval === 'year' ? 'text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}
          >
            {t('pricing.yearly')}
          </span>
        </div>
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} interval={interval} />
          ))}
        </div>
      </div>
    </section>
  );
}
