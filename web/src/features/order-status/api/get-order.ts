// GET /api/orders/{id}: the order as the buyer may see it, and its TanStack Query options.
import { queryOptions } from '@tanstack/react-query';
import { routePath } from '#shared/api-paths.ts';
import { type OrderView, orderViewSchema } from '#shared/contract.ts';
import { orderPageMessages } from '#web/features/order-status/order-display.ts';
import { type ApiAnswer, callApi } from '#web/lib/api-client.ts';

/**
 * `missing`: the API says there is no such order (404), a final answer.
 * `failed`: anything else that is not an order (5xx, 429, a broken body); worth another try.
 */
export type GetOrderResult =
  | { kind: 'found'; order: OrderView }
  | { kind: 'missing'; message: string }
  | { kind: 'failed'; message: string };

export function readGetOrderAnswer(answer: ApiAnswer): GetOrderResult {
  const order = orderViewSchema.safeParse(answer.body);
  if (answer.ok && order.success) return { kind: 'found', order: order.data };
  if (answer.status === 404) return { kind: 'missing', message: orderPageMessages.lookupFailed };
  const body = answer.body as { error?: unknown } | undefined;
  const serverMessage = !answer.ok && typeof body?.error === 'string' && body.error.trim() ? body.error : null;
  return { kind: 'failed', message: serverMessage ?? orderPageMessages.lookupFailed };
}

/** A read that may work when tried again; its message is what the page shows if it never does. */
export class OrderLookupError extends Error {
  override name = 'OrderLookupError';
}

export type OrderQueryData = Exclude<GetOrderResult, { kind: 'failed' }>;

export async function getOrder(orderId: string): Promise<OrderQueryData> {
  let answer: ApiAnswer;
  try {
    answer = await callApi(routePath('GetOrder', { id: orderId }), { method: 'GET' });
  } catch (error) {
    throw new OrderLookupError(orderPageMessages.lookupFailed, { cause: error });
  }
  const result = readGetOrderAnswer(answer);
  if (result.kind === 'failed') throw new OrderLookupError(result.message);
  return result;
}

export const orderQueryKey = (orderId: string) => ['order', orderId] as const;

/** A 404 is an answer (kept as data); failed reads throw, so TanStack Query retries them and keeps the last order shown. */
export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: () => getOrder(orderId),
  });
