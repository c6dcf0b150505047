// When the order page re-reads its order. The live channel (AppSync Events `/orders/<id>`) is
// the fast path; polling every 3 s covers every moment the channel is not known to be working
// (connecting, a dropped socket, no /config.json, a refused subscription). Pure, so it is tested
// without a browser; hooks/use-live-order-updates.ts feeds it what the socket says.
import * as z from 'zod/mini';
import { type OrderView, orderViewSchema } from '#shared/contract.ts';
import { isAwaitingRefund, isSettled } from './order-display.ts';
import { linkRefreshDelayMs } from './video-links.ts';

export const orderPollIntervalMs = 3000;

/**
 * - `connecting`: config read, socket or subscription not acknowledged yet (polling meanwhile);
 * - `live`: subscribed, every row change arrives as an event (no polling);
 * - `reconnecting`: the socket dropped and Amplify is reconnecting (polling meanwhile);
 * - `offline`: no realtime for this page view (no config, connect or subscribe refused): polling only.
 */
export type LiveMode = 'connecting' | 'live' | 'reconnecting' | 'offline';

export type LiveSignal =
  /** No config, connect failed, or the subscription was refused or errored. */
  | 'unavailable'
  /** The server acknowledged the subscription. */
  | 'subscribed'
  /** The socket dropped (or the network went away). */
  | 'disrupted'
  /** The socket is back after a drop. */
  | 'reconnected'
  /** An event arrived on the channel. */
  | 'event';

export interface LiveStep {
  mode: LiveMode;
  /** Re-read the order now: an event says it changed, or updates may have been missed while not subscribed. */
  reread: boolean;
}

export function nextLiveStep(mode: LiveMode, signal: LiveSignal): LiveStep {
  // Offline is final for this page view: a refused subscription is not retried by Amplify.
  if (mode === 'offline') return { mode, reread: signal === 'event' };
  switch (signal) {
    case 'unavailable':
      return { mode: 'offline', reread: false };
    case 'disrupted':
      return { mode: 'reconnecting', reread: false };
    case 'subscribed':
    case 'reconnected':
    case 'event':
      return { mode: 'live', reread: true };
  }
}

/**
 * Whether the page should hold a live channel open: only once the order is known and can still
 * change, so a finished, failed or unknown order never loads Amplify. Nothing is lost by
 * waiting for the first read: the order is read again as soon as the subscription stands.
 */
export function wantsLiveUpdates(order: OrderView | undefined, now: number): boolean {
  return order !== undefined && !isSettled(order, now);
}

/**
 * Milliseconds until the next read of the order, or false for none (TanStack Query's
 * `refetchInterval`). Settled orders are read again only to renew the video links before they expire.
 */
export function nextOrderReadMs(order: OrderView | undefined, mode: LiveMode, now: number): number | false {
  if (!order) return false;
  // The channel never carries payment_status, so a refund in progress, and a checkout that may be
  // canceled in the other tab (a cancel changes nothing the channel carries), are polled even when live.
  if (isAwaitingRefund(order, now) || order.payment_status === 'unpaid') return orderPollIntervalMs;
  if (!isSettled(order, now)) return mode === 'live' ? false : orderPollIntervalMs;
  return order.order_status === 'completed' ? linkRefreshDelayMs(order.expires_at, now) : false;
}

/** What an event on `/orders/<id>` carries (lambdas/realtime/order-status-event.ts): no personal data. */
const liveEventSchema = z.pick(orderViewSchema, {
  id: true,
  order_status: true,
  stage: true,
  progress: true,
  updated_at: true,
});

/** Amplify hands `next` `{id, type, event}`; the event is the published JSON. */
const channelMessageSchema = z.object({ event: liveEventSchema });

/**
 * The shown order with an event's status, stage and progress applied at once (the re-read that
 * follows brings the rest, such as the video links). Events for another order, malformed
 * events and events older than what is shown change nothing.
 *
 * "Ad Ready!" waits for the re-read: the event cannot carry the video's links, and a completed
 * order shown without them would say "Preparing your video…" under the title until they arrive.
 * Until then the card stays as it was, with the bar at the event's 100 %.
 */
export function applyLiveEvent(order: OrderView, message: unknown): OrderView {
  const parsed = channelMessageSchema.safeParse(message);
  if (!parsed.success) return order;
  const event = parsed.data.event;
  if (event.id !== order.id || Date.parse(event.updated_at) < Date.parse(order.updated_at)) return order;
  const completedWithoutLinks = event.order_status === 'completed' && order.order_status !== 'completed';
  return {
    ...order,
    order_status: completedWithoutLinks ? order.order_status : event.order_status,
    stage: event.stage,
    progress: event.progress,
    updated_at: event.updated_at,
  };
}

/** Amplify's Hub connection states (aws-amplify/data `ConnectionState`) as signals; null = nothing to do. */
export function signalForConnectionState(state: string, wasDisrupted: boolean): LiveSignal | null {
  switch (state) {
    case 'ConnectionDisrupted':
    case 'ConnectionDisruptedPendingNetwork':
    case 'ConnectedPendingNetwork':
      return 'disrupted';
    case 'Connected':
      return wasDisrupted ? 'reconnected' : null;
    default:
      return null;
  }
}

/** The channel of one order (lib/realtime: namespace `orders`, no wildcards). */
export const orderChannelName = (orderId: string) => `/orders/${orderId}`;
