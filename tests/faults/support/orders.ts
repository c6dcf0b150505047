// Orders for the fault suite: real checkouts on the twin, paid on the local Stripe page, small
// (4 s) so the ad behind each is quick to make; and the events Stripe recorded for a checkout.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Twin } from '#local/twin.ts';
import { createOrder, payForOrder } from '#tests/integration/support/pay.ts';
import { stripeSession } from '#tests/integration/support/stripe-events.ts';
import { sessionIdOf, uniqueEmail } from '#tests/integration/support/twin.ts';

export interface FaultOrder {
  id: string;
  email: string;
  sessionId: string;
  checkoutUrl: string;
}

/** Creates an order (not paid yet); `overrides` as for POST /api/orders. */
export async function openOrder(
  twin: Twin,
  label: string,
  overrides: Record<string, unknown> = {},
): Promise<FaultOrder> {
  const email = uniqueEmail(label);
  const checkoutUrl = await createOrder(twin, { email, style: 'cinematic', durationSeconds: '4', ...overrides });
  const sessionId = sessionIdOf(checkoutUrl);
  const session = await stripeSession(twin, sessionId);
  return { id: session.metadata?.order_id ?? '', email, sessionId, checkoutUrl };
}

/** Pays the order on the local Checkout page, as the buyer's browser does. */
export async function pay(twin: Twin, order: FaultOrder): Promise<void> {
  const paidId = await payForOrder(twin, order.checkoutUrl);
  if (paidId !== order.id) throw new Error(`paid ${paidId}, expected ${order.id}`);
}

export async function paidOrder(twin: Twin, label: string, overrides: Record<string, unknown> = {}) {
  const order = await openOrder(twin, label, overrides);
  await pay(twin, order);
  return order;
}

/** The events the local Stripe recorded about a checkout session, oldest first. */
export async function stripeEventsOf(twin: Twin, sessionId: string, type: string) {
  const state = JSON.parse(await readFile(join(twin.stateDir, 'stripe.json'), 'utf8')) as {
    events: { event: { id: string; type: string; data: { object: { id: string } } } }[];
  };
  return state.events
    .map((stored) => stored.event)
    .filter((event) => event.type === type && event.data.object.id === sessionId);
}
