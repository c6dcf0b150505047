// `/`: the landing page, its sections in the spec's order (§2). The footer (section 9, #support)
// is the site layout's. The sections without behaviour hydrate from their prerendered HTML and
// load no code on this page (components/prerendered-section.tsx).
import { lazy } from 'react';
import { PrerenderedSection } from '#web/components/prerendered-section.tsx';
import { CtaBand } from '#web/features/landing/components/cta-band.tsx';
import { ExamplesSection } from '#web/features/landing/components/examples-section.tsx';
import { Hero } from '#web/features/landing/components/hero.tsx';
import { PricingSection } from '#web/features/order-form/components/pricing-section.tsx';

const ValueSection = lazy(() =>
  import('#web/features/landing/components/value-section.tsx').then((module) => ({ default: module.ValueSection })),
);
const TestimonialsSection = lazy(() =>
  import('#web/features/landing/components/testimonials-section.tsx').then((module) => ({
    default: module.TestimonialsSection,
  })),
);
const HowItWorks = lazy(() =>
  import('#web/features/landing/components/how-it-works.tsx').then((module) => ({ default: module.HowItWorks })),
);
const FaqSection = lazy(() =>
  import('#web/features/landing/components/faq-section.tsx').then((module) => ({ default: module.FaqSection })),
);

export function HomeRoute() {
  return (
    <>
      <Hero />
      <ExamplesSection />
      <PrerenderedSection name="value" Section={ValueSection} />
      <PrerenderedSection name="testimonials" Section={TestimonialsSection} />
      <PricingSection />
      <PrerenderedSection name="how-it-works" Section={HowItWorks} />
      <PrerenderedSection name="faq" Section={FaqSection} />
      <CtaBand />
    </>
  );
}
