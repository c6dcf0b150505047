// Loads one order and, until it settles, asks again every few seconds. Live updates replace the
// polling later; the shape this hook returns stays the same.
import { useEffect, useState } from 'react';
import type { OrderView } from '#shared/contract';
import { getOrder } from '../api/get-order.ts';
import { isSettled, orderPageMessages } from '../order-display.ts';

export const orderPollIntervalMs = 3000;

export type OrderState =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; order: OrderView };

export function useOrder(orderId: string | null): OrderState {
  const [state, setState] = useState<OrderState>({ kind: 'loading' });

  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = false;
    setState({ kind: 'loading' });

    const load = async () => {
      const result = await getOrder(orderId);
      if (stopped) return;
      if (result.kind === 'found') {
        shown = true;
        setState({ kind: 'ready', order: result.order });
        if (isSettled(result.order)) return;
      } else if (!shown) {
        setState(result);
        return;
      }
      // A failed poll after the order was shown keeps the last view and simply tries again.
      timer = setTimeout(load, orderPollIntervalMs);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId]);

  return orderId ? state : { kind: 'missing', message: orderPageMessages.noOrderId };
}
