// `/`: the landing page, its sections in the spec's order (§2). The footer (section 9, #support)
// is the site layout's.
import { CtaBand } from '#web/features/landing/components/cta-band.tsx';
import { ExamplesSection } from '#web/features/landing/components/examples-section.tsx';
import { FaqSection } from '#web/features/landing/components/faq-section.tsx';
import { Hero } from '#web/features/landing/components/hero.tsx';
import { HowItWorks } from '#web/features/landing/components/how-it-works.tsx';
import { TestimonialsSection } from '#web/features/landing/components/testimonials-section.tsx';
import { ValueSection } from '#web/features/landing/components/value-section.tsx';
import { PricingSection } from '#web/features/order-form/components/pricing-section.tsx';

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
