// The /success page body: the order's banner, live status, summary and how to get help. The
// banner follows the payment: waiting for it (the form's tab while the buyer pays in the other),
// the checkout abandoned, or paid.
import { Link } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { displayedOrderStatus, type OrderView } from '#shared/contract.ts';
import { anchors, paths } from '#shared/paths.ts';
import { primaryButton, secondaryButton } from '#web/components/styles.ts';
import { useOrder } from '#web/features/order-status/hooks/use-order.ts';
import type { LiveMode } from '#web/features/order-status/live-updates.ts';
import { paymentNote, paymentPhase } from '#web/features/order-status/order-display.ts';
import { recalledCheckoutUrl } from '#web/lib/checkout-handoff.ts';
import { OrderIdForSupport } from './order-id-for-support.tsx';
import { OrderSummary } from './order-summary.tsx';
import { StatusPanel } from './status-panel.tsx';

export function OrderStatusView({ orderId }: { orderId: string | null }) {
  const state = useOrder(orderId);
  if (state.kind === 'loading') {
    return (
      <div className="flex flex-col items-center gap-4 py-24 text-slate-700">
        <title>{`Your order — ${config.brand.name}`}</title>
        <h1 className="sr-only">Your order</h1>
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
        />
        <p role="status">Loading your order…</p>
      </div>
    );
  }
  if (state.kind === 'missing') return <OrderMissing message={state.message} />;
  return <OrderDetails order={state.order} live={state.live} />;
}

function OrderMissing({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <title>{`Order Not Found — ${config.brand.name}`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Order Not Found</h1>
      <p className="mt-3 text-lg text-slate-700">{message}</p>
      <Link to={paths.home} className={`${primaryButton} mt-8`}>
        Return Home
      </Link>
    </div>
  );
}

function OrderDetails({ order, live }: { order: OrderView; live: LiveMode | null }) {
  const phase = paymentPhase(order.payment_status);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6 sm:py-14">
      <title>{`Your order — ${config.brand.name}`}</title>
      {phase === 'awaiting' && <AwaitingPayment orderId={order.id} />}
      {phase === 'abandoned' && <CheckoutAbandoned expired={order.payment_status === 'expired'} />}
      {phase === 'paid' && <PaymentReceived order={order} />}

      <div className={`grid items-start gap-6 ${phase === 'paid' ? 'lg:grid-cols-[1.4fr_1fr]' : 'max-w-xl'}`}>
        {/* Before payment the spec's "Payment Processing" would say the payment is being verified. */}
        {phase === 'paid' && <StatusPanel order={order} live={live} />}
        <OrderSummary order={order} />
      </div>

      <section aria-labelledby="support-heading" className="rounded-2xl bg-slate-100 p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id="support-heading" className="font-semibold text-slate-900">
              Need help?
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Email{' '}
              <a href={`mailto:${config.supportEmail}`} className="font-semibold text-indigo-700 underline">
                {config.supportEmail}
              </a>{' '}
              with your order ID:
            </p>
            <OrderIdForSupport orderId={order.id} />
          </div>
          <div className="flex flex-wrap gap-3">
            {/* An abandoned checkout's banner offers a new order already. */}
            {phase !== 'abandoned' && (
              <Link to={orderAnotherAd} className={primaryButton}>
                Order another ad
              </Link>
            )}
            <Link to={paths.home} className={secondaryButton}>
              Back to Home
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The order form on the home page. */
const orderAnotherAd = { pathname: paths.home, hash: anchors.pricing };

const bannerBox = 'flex items-start gap-4 rounded-2xl border p-6';
const bannerTitle = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl';

/** The tab the form was submitted in, while the buyer pays in the other one. */
function AwaitingPayment({ orderId }: { orderId: string }) {
  const checkoutUrl = recalledCheckoutUrl(orderId);
  return (
    <div className={`${bannerBox} border-indigo-200 bg-indigo-50`}>
      <span
        aria-hidden="true"
        className="mt-1 size-8 flex-none animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
      />
      <div className="min-w-0" role="status">
        <h1 className={bannerTitle}>Finish paying in the other tab</h1>
        <p className="mt-1 text-slate-700">
          Your secure payment page is open in another tab. As soon as your payment lands, this page shows your ad being
          made.
        </p>
        {checkoutUrl ? (
          <p className="mt-3">
            <a href={checkoutUrl} target="_blank" rel="noopener" className={primaryButton}>
              Go to the payment page
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-700">The payment page is in the tab where you placed this order.</p>
        )}
      </div>
    </div>
  );
}

function CheckoutAbandoned({ expired }: { expired: boolean }) {
  return (
    <div className={`${bannerBox} border-slate-200 bg-white`} role="status">
      <div className="min-w-0">
        <h1 className={bannerTitle}>{expired ? 'Checkout expired' : 'Checkout cancelled'}</h1>
        <p className="mt-1 text-slate-700">
          {expired ? 'The payment page timed out' : 'The checkout was cancelled'}, so you were not charged and nothing
          is being made for this order.
        </p>
        <Link to={orderAnotherAd} className={`${primaryButton} mt-4`}>
          Start a new order
        </Link>
      </div>
    </div>
  );
}

function PaymentReceived({ order }: { order: OrderView }) {
  const note = paymentNote(order.payment_status);
  return (
    <div className={`${bannerBox} border-emerald-200 bg-emerald-50`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 flex-none text-emerald-600" fill="currentColor">
        <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.7 6.3a1 1 0 0 0-1.4 0L10.5 13l-1.8-1.8a1 1 0 1 0-1.4 1.4l2.5 2.5a1 1 0 0 0 1.4 0l5.5-5.4a1 1 0 0 0 0-1.4Z" />
      </svg>
      <div className="min-w-0">
        <h1 className={bannerTitle}>Payment Successful</h1>
        <p className="mt-1 wrap-anywhere text-slate-700">{bannerText(order)}</p>
        {note && <p className="mt-2 text-sm font-medium text-slate-800">{note}</p>}
      </div>
    </div>
  );
}

function bannerText(order: OrderView): string {
  switch (displayedOrderStatus(order.order_status)) {
    case 'completed':
      return `Thank you! Your ad is below; we have also emailed a link to this page to ${order.email}.`;
    case 'failed':
      return 'Thank you for your order.';
    default:
      return `Thank you! We will email ${order.email} as soon as your ad is ready.`;
  }
}
