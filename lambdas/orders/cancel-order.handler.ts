// POST /api/orders/{id}/cancel: the buyer came back from Checkout without paying.

import { apiHandler, json } from '#common/http.ts';
import type { CancelOrderResponse } from '#shared/contract.ts';
import { cancelUnpaidOrder } from './cancel-order.ts';

export const handler = apiHandler(async (event) => {
  const order = await cancelUnpaidOrder(event.pathParameters?.id);
  const body: CancelOrderResponse = { order_status: order.order_status, payment_status: order.payment_status };
  return json(200, body);
});
