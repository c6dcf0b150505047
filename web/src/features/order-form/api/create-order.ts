// POST /api/orders: start a Checkout for the form's values (docs/product.md "The calls").

import { routePath } from '#shared/api-paths.ts';
import { createOrderResponseSchema } from '#shared/contract.ts';
import type { CreateOrderRequest } from '#shared/create-order-request.ts';
import { type ApiAnswer, type ApiRejection, callApiOrOffline, readRejection } from '#web/lib/api-client.ts';

export type CreateOrderResult =
  | { kind: 'checkout'; url: string; orderId: string }
  | ApiRejection
  | { kind: 'unexpected' }
  | { kind: 'offline' };

/** The payment page opens in a tab and as a link, so only a web address will do (no `javascript:`). */
const isWebAddress = (url: string) => /^https?:$/.test(new URL(url).protocol);

export function readCreateOrderAnswer(answer: ApiAnswer): CreateOrderResult {
  const checkout = createOrderResponseSchema.safeParse(answer.body);
  if (answer.ok && checkout.success && isWebAddress(checkout.data.url))
    return { kind: 'checkout', url: checkout.data.url, orderId: checkout.data.orderId };
  return readRejection(answer) ?? { kind: 'unexpected' };
}

export async function createOrder(request: CreateOrderRequest): Promise<CreateOrderResult> {
  const answer = await callApiOrOffline(routePath('CreateOrder'), { method: 'POST', json: request });
  return 'kind' in answer ? answer : readCreateOrderAnswer(answer);
}
