import { Features } from './Features';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { loadPricingPlans, Pricing } from './Pricing';
import { Steps } from './Steps';
import { Testimonials } from './Testimonials';

/** The page's parts whose code is separate, all here before the prerendered page hydrates (app/router.tsx). */
export const loadLateParts = () => loadPricingPlans().then(() => undefined);

export default function LandingPage() {
  return (
    <>
      <LandingHeader />
      <main id="main">
        <Hero />
        <Features />
        <Steps />
        <Pricing />
        <Testimonials />
      </main>
      <LandingFooter />
    </>
  );
}
