// POST /api/orders/{id}/cancel: the buyer came back from an abandoned Checkout (docs/design.md "Order lifecycle").

import { routePath } from '#shared/api-paths.ts';
import { type CancelOrderResponse, cancelOrderResponseSchema } from '#shared/contract.ts';
import { callApi } from '#web/lib/api-client.ts';

/** The order's state after the cancel, or null when the API gave no usable answer. */
export async function cancelOrder(orderId: string): Promise<CancelOrderResponse | null> {
  const answer = await callApi(routePath('CancelOrder', { id: orderId }), { method: 'POST' });
  const parsed = cancelOrderResponseSchema.safeParse(answer.body);
  return answer.ok && parsed.success ? parsed.data : null;
}
