// The home page's order section (anchor #pricing): the offer beside the form.

import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { freeRevisionWords, packFormatsWords } from '#shared/pack-words.ts';
import { anchors } from '#shared/paths.ts';
import { useCheckoutCanceled } from '#web/features/order-form/hooks/use-checkout-canceled.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';
import { OrderForm } from './order-form.tsx';

const included = [
  `Your ad in ${packFormatsWords}, with up to three openings to A/B test`,
  'An ad written from your website: a hook from your own claims, your real offer if you show one, a call to action',
  'An AI voice-over, captions that follow it word by word, and original music',
  `Delivered to your inbox in ${typicalDeliveryWords(siteDeliverySeconds)}`,
  freeRevisionWords.slice(0, freeRevisionWords.indexOf(':')),
  'Commercial usage rights for your ads',
];

export function PricingSection() {
  useCheckoutCanceled();
  return (
    <section id={anchors.pricing} aria-labelledby="pricing-heading" className="scroll-mt-6 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Pricing</p>
          <h2 id="pricing-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            One ad. One price. $5.
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Paste your link, choose a style and pay once. No subscription, no account, no agency invoice.
          </p>
          <ul className="mt-8 space-y-3">
            {included.map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 size-5 flex-none text-indigo-600"
                  fill="currentColor"
                >
                  <path
                    fillRule="evenodd"
                    d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                    clipRule="evenodd"
                  />
                </svg>
                {item}
              </li>
            ))}
          </ul>
        </div>
        <OrderForm />
      </div>
    </section>
  );
}
