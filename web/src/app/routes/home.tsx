// `/`: the landing page, its sections in the spec's order (§2). The footer (section 9, #support)
// is the site layout's.
import { CtaBand } from '../../features/landing/components/cta-band.tsx';
import { ExamplesSection } from '../../features/landing/components/examples-section.tsx';
import { FaqSection } from '../../features/landing/components/faq-section.tsx';
import { Hero } from '../../features/landing/components/hero.tsx';
import { HowItWorks } from '../../features/landing/components/how-it-works.tsx';
import { TestimonialsSection } from '../../features/landing/components/testimonials-section.tsx';
import { ValueSection } from '../../features/landing/components/value-section.tsx';
import { PricingSection } from '../../features/order-form/components/pricing-section.tsx';

export function HomeRoute() {
  return (
    <>
      <Hero />
      <ExamplesSection />
      <ValueSection />
      <TestimonialsSection />
      <PricingSection />
      <HowItWorks />
      <FaqSection />
      <CtaBand />
    </>
  );
}
