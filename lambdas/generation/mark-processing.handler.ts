// State MarkProcessing: the paid order's ad is now being made, and the buyer is told so.

import { sendOrderEmail } from '#notifications/order-emails.ts';
import { markOrderProcessing } from '#orders/order-lifecycle.ts';
import type { GenerationInput } from '#orders/start-generation.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';

export const handler = taskHandler(markProcessing);

async function markProcessing(input: GenerationInput): Promise<GenerationInput> {
  const order = await markOrderProcessing(input.orderId);
  if (!order) throw new Error(`Order ${input.orderId} is not paid`);
  logger.info('Order processing', { orderId: input.orderId });
  // The payment is confirmed and the ad is under way: the buyer's receipt (never fails the step).
  await sendOrderEmail('received', order);
  return { orderId: input.orderId };
}
