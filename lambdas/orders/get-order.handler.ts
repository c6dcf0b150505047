// GET /api/orders/{id}: the order status page's read, with fresh video links once completed.
import { apiHandler, json } from '#common/http.ts';
import { toOrderView } from './order-view.ts';
import { readOrderForBuyer } from './read-order.ts';
import { revisionView } from './revision-view.ts';
import { videoLinks } from './video-links.ts';

export const handler = apiHandler(async (event) => {
  const order = await readOrderForBuyer(event.pathParameters?.id);
  const [links, revision] = await Promise.all([videoLinks(order), revisionView(order)]);
  return json(200, { ...toOrderView(order, links), ...(revision ? { revision } : {}) });
});
