// The live-status subscription: AppSync Events channel `/orders/<id>` through aws-amplify. This
// module is the only one that imports aws-amplify and is itself imported dynamically by
// hooks/use-live-order-updates.ts, so Amplify ships in a lazy chunk of /success only.
import { Amplify } from 'aws-amplify';
import { CONNECTION_STATE_CHANGE, events } from 'aws-amplify/data';
import { Hub } from 'aws-amplify/utils';
import {
  type LiveSignal,
  orderChannelName,
  signalForConnectionState,
} from '#web/features/order-status/live-updates.ts';
import type { RealtimeConfig } from './get-realtime-config.ts';

export type OnLiveSignal = (signal: LiveSignal, message?: unknown) => void;

let configuredWith = '';

function configureEvents(realtime: RealtimeConfig) {
  const key = JSON.stringify(realtime);
  if (key === configuredWith) return;
  Amplify.configure({
    API: {
      Events: {
        endpoint: realtime.endpoint,
        region: realtime.region,
        defaultAuthMode: 'apiKey',
        apiKey: realtime.apiKey,
      },
    },
  });
  configuredWith = key;
}

/**
 * Subscribes to one order's channel and reports what happens as signals. Resolves with the
 * function that closes it; rejects when the socket cannot be opened.
 */
export async function openOrderChannel(
  realtime: RealtimeConfig,
  orderId: string,
  onSignal: OnLiveSignal,
): Promise<() => void> {
  configureEvents(realtime);
  let wasDisrupted = false;
  const stopListening = Hub.listen('api', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const state = (payload.data as { connectionState?: unknown } | undefined)?.connectionState;
    const signal = typeof state === 'string' ? signalForConnectionState(state, wasDisrupted) : null;
    if (signal === 'disrupted') wasDisrupted = true;
    if (signal === 'reconnected') wasDisrupted = false;
    if (signal) onSignal(signal);
  });
  try {
    const channel = await events.connect(orderChannelName(orderId));
    const subscription = channel.subscribe({
      next: (message: unknown) => onSignal('event', message),
      error: () => onSignal('unavailable'),
    });
    subscription.ready.then(
      () => onSignal('subscribed'),
      () => onSignal('unavailable'),
    );
    return () => {
      stopListening();
      subscription.unsubscribe();
      void channel.close();
    };
  } catch (error) {
    stopListening();
    throw error;
  }
}
