// GET /api/orders/{id}: the order as the buyer may see it.
import { messages, type OrderView, orderViewSchema } from '#shared/contract';
import { type ApiAnswer, callApi } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../paths.ts';
import { orderPageMessages } from '../order-display.ts';

export type GetOrderResult = { kind: 'found'; order: OrderView } | { kind: 'missing'; message: string };

export function readGetOrderAnswer(answer: ApiAnswer): GetOrderResult {
  const order = orderViewSchema.safeParse(answer.body);
  if (answer.ok && order.success) return { kind: 'found', order: order.data };
  if (answer.status === 404) return { kind: 'missing', message: messages.orderNotFound };
  const body = answer.body as { error?: unknown } | undefined;
  const serverMessage = !answer.ok && typeof body?.error === 'string' && body.error.trim() ? body.error : null;
  return { kind: 'missing', message: serverMessage ?? orderPageMessages.lookupFailed };
}

export async function getOrder(orderId: string): Promise<GetOrderResult> {
  try {
    return readGetOrderAnswer(await callApi(apiPaths.order(orderId), { method: 'GET' }));
  } catch {
    return { kind: 'missing', message: orderPageMessages.lookupFailed };
  }
}
