// State MarkProcessing: the paid order's ad is now being made, and the buyer is told so.

import { sendOrderEmail } from '#notifications/order-emails.ts';
import { updateOrder } from '#orders/order-store.ts';
import { logger } from '#powertools/logger.ts';
import type { GenerationInput } from './generation-state.ts';

export async function handler(input: GenerationInput): Promise<GenerationInput> {
  const order = await updateOrder(
    input.orderId,
    { order_status: 'processing', stage: 'queued', progress: 5 },
    {
      condition: 'payment_status IN (:paid, :free) AND order_status IN (:pending, :processing)',
      values: { ':paid': 'paid', ':free': 'free', ':pending': 'pending', ':processing': 'processing' },
    },
  );
  if (!order) throw new Error(`Order ${input.orderId} is not paid`);
  logger.info('Order processing', { orderId: input.orderId });
  // The payment is confirmed and the ad is under way: the buyer's receipt (never fails the step).
  await sendOrderEmail('received', order);
  return { orderId: input.orderId };
}
