import { config } from '#shared/config.ts';
import { type OrderView, shortOrderId, styleLabels } from '#shared/contract.ts';
import { card } from '#web/components/styles.ts';
import { couponLine, formatDuration, orderAmount } from '#web/features/order-status/order-display.ts';

export function OrderSummary({ order }: { order: OrderView }) {
  const rows: [string, string][] = [
    ['Order ID', shortOrderId(order.id)],
    ['Website', order.website],
    ['Email', order.email],
    ['Style', styleLabels[order.style]],
    ['Duration', formatDuration(order.duration_seconds)],
    ['Amount', orderAmount(order, config.price.amountCents)],
  ];
  const coupon = couponLine(order, config.price.amountCents);
  if (coupon) rows.push(['Coupon', coupon]);
  return (
    <section aria-labelledby="summary-heading" className={`${card} p-6`}>
      <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 py-2.5 text-sm">
            <dt className="text-slate-600">{term}</dt>
            <dd className="min-w-0 text-right font-medium wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
