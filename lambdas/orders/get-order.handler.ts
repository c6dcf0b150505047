// GET /api/orders/{id}: the order status page's read.
import { apiHandler, json } from '#shared/http';
import { toOrderView } from './order-view.ts';
import { readOrderForBuyer } from './read-order.ts';

export const handler = apiHandler(async (event) =>
  json(200, toOrderView(await readOrderForBuyer(event.pathParameters?.id))),
);
