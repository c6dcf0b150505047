// POST /api/orders: start a Checkout for the form's values (spec §7).
import * as z from 'zod';
import { type CreateOrderRequest, createOrderResponseSchema } from '#shared/contract';
import { type ApiAnswer, callApi } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../paths.ts';

export type CreateOrderResult =
  | { kind: 'checkout'; url: string }
  | { kind: 'rejected'; error: string | null; errorCode: string | null }
  | { kind: 'unexpected' }
  | { kind: 'offline' };

// Looser than the contract's apiErrorSchema on purpose: an errorCode this build does not know
// still shows the server's own message.
const rejectionSchema = z.object({
  error: z.string().trim().min(1).nullish().catch(null),
  errorCode: z.string().nullish().catch(null),
});

/** The payment page opens in a tab and as a link, so only a web address will do (no `javascript:`). */
const isWebAddress = (url: string) => /^https?:$/.test(new URL(url).protocol);

export function readCreateOrderAnswer(answer: ApiAnswer): CreateOrderResult {
  const checkout = createOrderResponseSchema.safeParse(answer.body);
  if (answer.ok && checkout.success && isWebAddress(checkout.data.url))
    return { kind: 'checkout', url: checkout.data.url };
  const rejection = rejectionSchema.safeParse(answer.body);
  const { error = null, errorCode = null } = rejection.success ? rejection.data : {};
  if (error || errorCode || !answer.ok) return { kind: 'rejected', error, errorCode };
  return { kind: 'unexpected' };
}

export async function createOrder(request: CreateOrderRequest): Promise<CreateOrderResult> {
  let answer: ApiAnswer;
  try {
    answer = await callApi(apiPaths.orders, { method: 'POST', json: request });
  } catch {
    return { kind: 'offline' };
  }
  return readCreateOrderAnswer(answer);
}
