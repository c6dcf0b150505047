// Reading an order for its buyer. While the order is unpaid the read asks Stripe about the
// session, so a late or lost webhook never leaves a paid buyer looking at "pending" — at most once
// per order every few seconds (config checkoutCheckSeconds), however often and wherever it is read.
import * as z from 'zod';
import { ApiFailure } from '#common/api-failure.ts';
import { retrieveCheckoutOutcome } from '#payments/checkout-sessions.ts';
import { apiMessages } from '#shared/contract.ts';
import { applyCheckoutOutcome, ensureGenerationStarted } from './checkout-outcome.ts';
import { claimCheckoutCheck } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { getOrder } from './order-store.ts';

const orderIdSchema = z.uuid();

/** The order, or NOT_FOUND for unknown and malformed ids alike. */
export async function findOrder(id: string | undefined): Promise<OrderRecord> {
  const order = orderIdSchema.safeParse(id).success ? await getOrder(id as string) : null;
  if (!order) throw new ApiFailure('NOT_FOUND', apiMessages.orderNotFound);
  return order;
}

export async function readOrderForBuyer(id: string | undefined): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (order.payment_status === 'unpaid' && order.checkout_session_id) {
    if (!(await claimCheckoutCheck(order.id))) return order;
    const outcome = await retrieveCheckoutOutcome(order.checkout_session_id);
    return (outcome && (await applyCheckoutOutcome(outcome, 'later'))) ?? order;
  }
  return ensureGenerationStarted(order);
}
