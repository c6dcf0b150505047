// Paying on the local Checkout page without a browser: the same form POST the page's button
// sends. The browser journey itself is tests/e2e/buy.test.ts.
import type { Twin } from '#local/twin.ts';
import { callApi, orderPhotoBytes, orderRequest } from './twin.ts';
import { uploadThroughApi } from './uploads.ts';

/** Creates an order and pays it with `card`; returns the order id. */
export async function createPaidOrder(
  twin: Pick<Twin, 'url'>,
  overrides: Record<string, unknown> = {},
  card = '4242 4242 4242 4242',
): Promise<string> {
  return payForOrder(twin, await createOrder(twin, overrides), card);
}

/**
 * POST /api/orders; returns the Checkout URL. Unless `overrides` names a photo, the order's photo is
 * uploaded through the API first: this works with a twin in another process too, where the
 * twin's own orderPhotoKey was never planted.
 */
export async function createOrder(twin: Pick<Twin, 'url'>, overrides: Record<string, unknown> = {}): Promise<string> {
  const photo =
    'imageStoragePath' in overrides
      ? {}
      : {
          imageStoragePath: (await uploadThroughApi(twin, await orderPhotoBytes(), 'image/jpeg', 'product.jpg'))
            .storagePath,
        };
  const created = await callApi<{ url: string }>(twin, 'POST', '/api/orders', orderRequest({ ...photo, ...overrides }));
  if (created.status !== 200) throw new Error(`order refused: ${JSON.stringify(created.body)}`);
  return created.body.url;
}

/** Pays on the local Checkout page at `checkoutUrl`; returns the order id. */
export async function payForOrder(
  twin: Pick<Twin, 'url'>,
  checkoutUrl: string,
  card = '4242 4242 4242 4242',
): Promise<string> {
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card ? { card_number: card } : {}),
    redirect: 'manual',
  });
  const location = paid.headers.get('location');
  const orderId = location ? new URL(location, twin.url).searchParams.get('order_id') : null;
  if (!orderId) throw new Error(`payment did not complete (HTTP ${paid.status})`);
  return orderId;
}
