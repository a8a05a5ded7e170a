import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart } from '../../ui/LazyPart';
import type * as PricingPlansModule from './PricingPlans';
import { SectionHeading } from './SectionHeading';

type PlansModule = typeof PricingPlansModule;
let plansModule: PlansModule | undefined;
let plansLoading: Promise<PlansModule> | undefined;

/**
 * The plans' code, loaded once. The landing route waits for it before the page hydrates (app/router.tsx): a
 * press on the Monthly/Yearly switch makes React hydrate the plans at once, and were their code still on
 * the way, React would give up on the prerendered plans and rebuild them later, the switch gone from under
 * the pointer and the press lost.
 */
export function loadPricingPlans(): Promise<PlansModule> {
  plansLoading ??= import('./PricingPlans').then(
    (module) => (plansModule = module),
    (error: unknown) => {
      // A chunk that failed to load (a network blip, a deploy) is asked for again next time, not cached as failed.
      plansLoading = undefined;
      throw error;
    },
  );
  return plansLoading;
}

function LoadedPricingPlans() {
  const { PricingPlans } = plansModule ?? use(loadPricingPlans());
  return <PricingPlans />;
}

// Prerendered with the rest of the page (the plans, their prices and 'Most Popular' are in the HTML), but
// hydrated on its own: a part inside its own Suspense boundary is hydrated after the page's first commit, so
// the first hydration of the page does not also run the plan cards and their toggle on the phone's main thread
// (bench/README.md, landing). Its code is separate, and here before hydration starts (loadPricingPlans).
export function Pricing() {
  const { t } = useTranslation();
  return (
    <section id="pricing" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('pricing.title')} />
        <LazyPart>
          <LoadedPricingPlans />
        </LazyPart>
      </div>
    </section>
  );
}
