// The spec's status panel (docs/product.md "The order and its states"): the status title and text, the live stage and, when done, the ad.
import { config } from '#shared/config.ts';
import { displayedOrderStatus, type OrderStatus, type OrderView } from '#shared/contract.ts';
import { card } from '#web/components/styles.ts';
import { remainingTimeWords } from '#web/features/order-status/delivery-estimate.ts';
import type { LiveMode } from '#web/features/order-status/live-updates.ts';
import { refundSentence, statusCopy } from '#web/features/order-status/order-display.ts';
import { AdPlayer } from './ad-player.tsx';
import { DeliveryPack } from './delivery-pack.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { RevisionPanel } from './revision-panel.tsx';

const statusTone: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  processing: 'bg-indigo-100 text-indigo-700',
  completed: 'bg-emerald-100 text-emerald-700',
  failed: 'bg-rose-100 text-rose-700',
};

const liveWords: Record<LiveMode, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live updates on',
  reconnecting: 'Reconnecting — checking every few seconds',
  offline: 'Checking for updates every few seconds',
};

export function StatusPanel({ order, live = null }: { order: OrderView; live?: LiveMode | null }) {
  const status = displayedOrderStatus(order.order_status);
  const copy = statusCopy[status];
  const refund = status === 'failed' ? refundSentence(order, config.price.amountCents) : null;
  const inProgress = status === 'pending' || status === 'processing';
  return (
    <section aria-labelledby="status-heading" className={`${card} p-6`}>
      <div aria-live="polite" className="flex items-start gap-4">
        <span className={`flex size-11 flex-none items-center justify-center rounded-full ${statusTone[status]}`}>
          <StatusIcon status={status} />
        </span>
        <div className="min-w-0">
          <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
            {copy.title}
          </h2>
          <p className="mt-1 text-slate-700">{copy.text}</p>
          {refund && <p className="mt-2 font-medium text-slate-900">{refund}</p>}
        </div>
      </div>
      {status !== 'failed' && <ProgressBar progress={order.progress} stage={order.stage} />}
      {inProgress && (
        // The live estimate: the measured typical time, scaled by the progress left.
        <p className="mt-2 text-sm font-medium text-slate-800">{remainingTimeWords(order.progress)}</p>
      )}
      {inProgress && live && (
        <p className="mt-3 flex items-center gap-2 text-xs text-slate-600">
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${live === 'live' ? 'bg-emerald-500' : 'bg-slate-400'}`}
          />
          {liveWords[live]}
        </p>
      )}
      {status === 'completed' && <AdPlayer order={order} />}
      {status === 'completed' && order.pack && (
        <DeliveryPack pack={order.pack} durationSeconds={order.duration_seconds} />
      )}
      {status === 'completed' && <RevisionPanel order={order} />}
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
