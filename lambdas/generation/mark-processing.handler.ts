// State MarkProcessing: the paid order's ad is now being made.
import { logger } from '#shared/logger';
import { updateOrder } from '../orders/order-store.ts';
import type { GenerationInput } from './steps.ts';

export async function handler(input: GenerationInput): Promise<GenerationInput> {
  const order = await updateOrder(
    input.orderId,
    { order_status: 'processing', stage: 'queued', progress: 5 },
    { condition: 'payment_status IN (:paid, :free)', values: { ':paid': 'paid', ':free': 'free' } },
  );
  if (!order) throw new Error(`Order ${input.orderId} is not paid`);
  logger.info('Order processing', { orderId: input.orderId });
  return { orderId: input.orderId };
}
