// Spec §4's status panel: the status title and text, the live stage and, when done, the ad.
import { displayedOrderStatus, type OrderStatus, type OrderView } from '#shared/contract';
import { card } from '../../../components/styles.ts';
import { statusCopy } from '../order-display.ts';
import { AdPlayer } from './ad-player.tsx';
import { ProgressBar } from './progress-bar.tsx';

const statusTone: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  processing: 'bg-indigo-100 text-indigo-700',
  completed: 'bg-emerald-100 text-emerald-700',
  failed: 'bg-rose-100 text-rose-700',
};

export function StatusPanel({ order }: { order: OrderView }) {
  const status = displayedOrderStatus(order.order_status);
  const copy = statusCopy[status];
  return (
    <section aria-labelledby="status-heading" className={`${card} p-6`}>
      <div aria-live="polite" className="flex items-start gap-4">
        <span className={`flex size-11 flex-none items-center justify-center rounded-full ${statusTone[status]}`}>
          <StatusIcon status={status} />
        </span>
        <div>
          <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
            {copy.title}
          </h2>
          <p className="mt-1 text-slate-700">{copy.text}</p>
        </div>
      </div>
      {status !== 'failed' && <ProgressBar progress={order.progress} stage={order.stage} />}
      {status === 'completed' && <AdPlayer order={order} />}
    </section>
  );
}

function StatusIcon({ status }: { status: OrderStatus }) {
  if (status === 'completed') {
    return (
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-6" fill="currentColor">
        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
      </svg>
    );
  }
  if (status === 'failed') {
    return (
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-6" fill="currentColor">
        <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 4a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V7a1 1 0 0 0-1-1Zm0 6.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z" />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 animate-spin motion-reduce:animate-none" fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
