// POST /api/orders/{id}/cancel: the buyer came back from an abandoned Checkout (DESIGN §9).
import { type CancelOrderResponse, cancelOrderResponseSchema } from '#shared/contract';
import { callApi } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../paths.ts';

/** The order's state after the cancel, or null when the API gave no usable answer. */
export async function cancelOrder(orderId: string): Promise<CancelOrderResponse | null> {
  const answer = await callApi(apiPaths.cancelOrder(orderId), { method: 'POST' });
  const parsed = cancelOrderResponseSchema.safeParse(answer.body);
  return answer.ok && parsed.success ? parsed.data : null;
}
