import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart } from '../../ui/LazyPart';
import { SectionHeading } from './SectionHeading';

// Prerendered with the rest of the page (the plans, their prices and 'Most Popular' are in the HTML), but
// hydrated on its own: a lazy part inside a Suspense boundary keeps its prerendered HTML until its chunk has
// loaded, so the first hydration of the page does not also run the plan cards and their toggle on the phone's
// main thread (bench/README.md, landing).
const PricingPlans = lazy(async () => ({ default: (await import('./PricingPlans')).PricingPlans }));

export function Pricing() {
  const { t } = useTranslation();
  return (
    <section id="pricing" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('pricing.title')} />
        <LazyPart>
          <PricingPlans />
        </LazyPart>
      </div>
    </section>
  );
}
