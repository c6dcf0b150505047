// One order for the status page: read through TanStack Query, refreshed by live events and, when
// the channel is not working, by polling; links renewed before they expire (live-updates.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '#shared/contract.ts';
import {
  OrderLookupError,
  type OrderQueryData,
  orderQueryKey,
  orderQueryOptions,
} from '#web/features/order-status/api/get-order.ts';
import { type LiveMode, nextOrderReadMs, wantsLiveUpdates } from '#web/features/order-status/live-updates.ts';
import { orderPageMessages } from '#web/features/order-status/order-display.ts';
import { useLiveOrderUpdates } from './use-live-order-updates.ts';

export type OrderState =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  /** `live`: how updates arrive while the order can still change; null once it cannot. */
  | { kind: 'ready'; order: OrderView; live: LiveMode | null };

const foundOrder = (data: OrderQueryData | undefined) => (data?.kind === 'found' ? data.order : undefined);

export function useOrder(orderId: string | null): OrderState {
  // The cache is read directly (the query below re-renders this hook whenever it changes) because
  // the query's polling interval depends on the channel's mode.
  const queryClient = useQueryClient();
  const cached = orderId ? queryClient.getQueryData<OrderQueryData>(orderQueryKey(orderId)) : undefined;
  const wanted = orderId !== null && wantsLiveUpdates(foundOrder(cached), Date.now());
  const liveMode = useLiveOrderUpdates(orderId, wanted);

  const query = useQuery({
    ...orderQueryOptions(orderId ?? ''),
    enabled: orderId !== null,
    refetchInterval: (current) => nextOrderReadMs(foundOrder(current.state.data), liveMode, Date.now()),
  });

  if (!orderId) return { kind: 'missing', message: orderPageMessages.noOrderId };
  const order = foundOrder(query.data);
  if (order) return { kind: 'ready', order, live: wanted ? liveMode : null };
  if (query.data?.kind === 'missing') return { kind: 'missing', message: query.data.message };
  if (query.isError) {
    const message = query.error instanceof OrderLookupError ? query.error.message : orderPageMessages.lookupFailed;
    return { kind: 'missing', message };
  }
  return { kind: 'loading' };
}
