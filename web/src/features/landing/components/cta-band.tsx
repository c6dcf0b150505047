// The call-to-action band (docs/product.md "Screens and routes"). Its texts are the spec's; the spots number is real (today's
// capacity, docs/spec-deviations.md) and falls back to the spec's '12 spots available today'. The guarantee and
// the delivery time carry the detail of what we really promise.
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { anchors } from '#shared/paths.ts';
import { spotsText } from '#web/features/landing/api/get-capacity.ts';
import { useCapacity } from '#web/features/landing/hooks/use-capacity.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

export const ctaPromises = [
  { label: 'No subscription required', detail: 'Pay once per ad.' },
  { label: 'Money-back guarantee', detail: 'Automatic refund if your ad cannot be made.' },
  // The spec's "Delivered in 20 minutes", with the stage's time (docs/spec-deviations.md).
  {
    label: `Delivered in ${typicalDeliveryWords(siteDeliverySeconds)}`,
    detail: 'From payment, usually; busy times can take longer.',
  },
] as const;

export function CtaBand() {
  const capacity = useCapacity();
  return (
    <section aria-labelledby="cta-heading" className="bg-indigo-700 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold">
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-300" />
          <span>{spotsText(capacity)}</span>
        </p>
        <h2 id="cta-heading" className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Join {config.site.socialProof.marketersServed} marketers
        </h2>
        <ul className="mt-8 grid gap-4 text-left sm:grid-cols-3">
          {ctaPromises.map((promise) => (
            <li key={promise.label} className="rounded-xl bg-white/10 px-4 py-3">
              <span className="block font-semibold">{promise.label}</span>
              <span className="block text-sm text-indigo-100">{promise.detail}</span>
            </li>
          ))}
        </ul>
        <a
          href={`#${anchors.pricing}`}
          className="mt-10 inline-flex items-center justify-center rounded-xl bg-white px-7 py-4 text-lg font-semibold text-indigo-800 shadow-sm transition hover:bg-indigo-50 focus-visible:outline-white"
        >
          Generate My Ad for $5
        </a>
      </div>
    </section>
  );
}
