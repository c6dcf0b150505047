// The three-step explainer (docs/product.md "Screens and routes"): paste link, pay $5, get the ad in the stage's delivery time
// (the spec's "about 20 minutes" is not what a buyer sees: docs/spec-deviations.md).
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';
import { SectionIntro } from './section-intro.tsx';

const steps = [
  {
    title: 'Paste your link',
    text: 'Give us your website and the email to deliver to. Pick a style and a length, and add a product photo if you like.',
  },
  { title: 'Pay $5', text: 'One payment through Stripe. No subscription, no account, nothing to cancel later.' },
  {
    title: `Get your ad in ${typicalDeliveryWords(siteDeliverySeconds)}`,
    text: 'We write it, give it a voice and check it before it is sent. Watch each step live on your order page, then download the MP4; we email it to you too.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionIntro eyebrow="How it works" id="how-heading" title="Three steps to your next ad" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 p-6">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-slate-900 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
