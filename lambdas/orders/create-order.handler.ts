// POST /api/orders (the spec's create-ad-payment) → {url} of the Stripe Checkout page.

import { apiHandler, clientIp, json, parseBody } from '#common/http.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import { createOrderRequestSchema } from '#shared/create-order-request.ts';
import { createOrder } from './create-order.ts';

export const handler = apiHandler(
  async (event) => {
    const ip = clientIp(event);
    await countIpAttempt(ip, 'create-order');
    const input = parseBody(createOrderRequestSchema, event.body);
    return json(200, await createOrder(input, ip));
  },
  { jsonBody: true },
);
