import { Features } from './Features';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { Pricing } from './Pricing';
import { Steps } from './Steps';
import { Testimonials } from './Testimonials';

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
