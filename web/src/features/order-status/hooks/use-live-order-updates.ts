// Keeps one order's query fresh from its live channel while the order can still change. Amplify
// and the runtime config load only here, on demand; without them the page polls (live-updates.ts).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type OrderQueryData, orderQueryKey } from '#web/features/order-status/api/get-order.ts';
import { getRealtimeConfig } from '#web/features/order-status/api/get-realtime-config.ts';
import {
  applyLiveEvent,
  type LiveMode,
  type LiveSignal,
  nextLiveStep,
} from '#web/features/order-status/live-updates.ts';

export function useLiveOrderUpdates(orderId: string | null, wanted: boolean): LiveMode {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('connecting');

  useEffect(() => {
    if (!orderId || !wanted) return;
    let closed = false;
    let close: (() => void) | undefined;
    let current: LiveMode = 'connecting';
    setMode(current);

    const onSignal = (signal: LiveSignal, message?: unknown) => {
      if (closed) return;
      const step = nextLiveStep(current, signal);
      current = step.mode;
      setMode(step.mode);
      if (signal === 'event') showEventAtOnce(queryClient, orderId, message);
      if (step.reread) void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    };

    void (async () => {
      const realtime = await getRealtimeConfig();
      if (closed) return;
      if (!realtime) return onSignal('unavailable');
      try {
        const { openOrderChannel } = await import('#web/features/order-status/api/open-order-channel.ts');
        if (closed) return;
        const stop = await openOrderChannel(realtime, orderId, onSignal);
        if (closed) stop();
        else close = stop;
      } catch {
        onSignal('unavailable');
      }
    })();

    return () => {
      closed = true;
      close?.();
    };
  }, [orderId, wanted, queryClient]);

  return mode;
}

/** The event's status, stage and progress go on screen now; the re-read that follows brings the rest. */
function showEventAtOnce(queryClient: QueryClient, orderId: string, message: unknown) {
  queryClient.setQueryData<OrderQueryData>(orderQueryKey(orderId), (shown) =>
    shown?.kind === 'found' ? { kind: 'found', order: applyLiveEvent(shown.order, message) } : shown,
  );
}
