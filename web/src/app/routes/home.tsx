// `/`: the landing page. The examples, value, testimonials, explainer, FAQ, call-to-action and
// full footer sections slot in around these two.
import { Hero } from '../../features/landing/components/hero.tsx';
import { PricingSection } from '../../features/order-form/components/pricing-section.tsx';

export function HomeRoute() {
  return (
    <>
      <Hero />
      <PricingSection />
    </>
  );
}
