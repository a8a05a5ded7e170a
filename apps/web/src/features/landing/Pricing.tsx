import { lazy } from 'react';
import { LazyPart } from '../../ui/LazyPart';
import { useTranslation } from 'react-i18next';
import { useHasPainted } from '../../ui/use-has-painted';
import { SectionHeading } from './SectionHeading';

// The plans' purchase buttons bring the API client and its schemas (~30 KB gzip): below the fold, they are
// fetched once the page has painted instead of delaying it (the landing page's Lighthouse score: bench/README.md).
const PricingPlans = lazy(async () => ({ default: (await import('./PricingPlans')).PricingPlans }));

export function Pricing() {
  const { t } = useTranslation();
  const hasPainted = useHasPainted();
  return (
    <section id="pricing" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('pricing.title')} />
        {hasPainted && (
          <LazyPart>
            <PricingPlans />
          </LazyPart>
        )}
      </div>
    </section>
  );
}
