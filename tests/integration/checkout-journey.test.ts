// The buyer's journey through payment on the twin, in Chromium: upload → order → the hosted
// pay page → webhook → a paid order whose one generation execution has run its first state.
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/contract.ts';
import { browserForSuite } from './support/browser.ts';
import { ordersOfEmail } from './support/orders-table.ts';
import { callApi, eventually, orderRequest, twinForSuite, uniqueEmail } from './support/twin.ts';
import { pngBytes, uploadThroughApi } from './support/uploads.ts';

const twin = twinForSuite();
const browser = browserForSuite();

async function createOrder(overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest(overrides));
  expect(answer.status).toBe(200);
  return answer.body.url;
}

async function orderIdOnSuccessPage(page: Page): Promise<string> {
  await page.waitForURL(/\/success\?order_id=/);
  return new URL(page.url()).searchParams.get('order_id') ?? '';
}

async function readOrder(id: string): Promise<OrderView> {
  return (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;
}

describe('checkout on the local pay page', () => {
  it('turns an upload and an order into a paid order with one execution', async () => {
    const upload = await uploadThroughApi(twin.current, pngBytes);
    const preview = await fetch(upload.previewUrl);
    const payUrl = await createOrder({
      style: 'ugc',
      durationSeconds: '8',
      imageStoragePath: upload.storagePath,
      imageFileName: 'product.png',
    });
    const page = await browser.current.newPage();

    await page.goto(payUrl);
    await expect(page.getByText('$5.00').first().isVisible()).resolves.toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    const orderId = await orderIdOnSuccessPage(page);
    const order = await eventually(async () => {
      const current = await readOrder(orderId);
      return current.order_status === 'processing' && current;
    });

    expect(upload.putStatus).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(pngBytes);
    expect(Object.keys(order).sort()).toEqual(
      [
        'amount_cents',
        'created_at',
        'currency',
        'duration_seconds',
        'email',
        'id',
        'order_status',
        'payment_status',
        'progress',
        'stage',
        'style',
        'updated_at',
        'website',
      ].sort(),
    );
    expect(order).toMatchObject({
      payment_status: 'paid',
      amount_cents: 500,
      currency: 'usd',
      style: 'ugc',
      duration_seconds: 8,
    });
    const sfn = new SFNClient({
      endpoint: twin.current.endpoints.stepFunctions,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const execution = await eventually(async () => {
      const described = await sfn.send(
        new DescribeExecutionCommand({
          executionArn: `${String(twin.current.env.STATE_MACHINE_ARN).replace(':stateMachine:', ':execution:')}:${orderId}`,
        }),
      );
      return described.status === 'SUCCEEDED' && described;
      // The render (voice + composition) of an 8 s ad takes 5–15 s on 2 busy cores.
    }, 45_000);
    expect(execution.name).toBe(orderId);
    expect(JSON.parse(execution.input ?? '{}')).toEqual({ orderId });
    await page.close();
  });

  it('shows a declined card and keeps the order unpaid', async () => {
    const email = uniqueEmail('declined');
    const page = await browser.current.newPage();

    await page.goto(await createOrder({ email }));
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $5.00' }).click();

    await expect(page.getByText('Your card was declined.').isVisible()).resolves.toBe(true);
    const [order] = await ordersOfEmail(twin.current, email);
    expect(order?.payment_status).toBe('unpaid');
    expect(order?.execution_arn).toBeUndefined();
    await page.close();
  });

  it('completes a FREEAD order without asking for a card', async () => {
    const page = await browser.current.newPage();

    await page.goto(await createOrder({ couponCode: 'freead' }));
    const cardFields = await page.getByLabel('Card number').count();
    await page.getByRole('button', { name: 'Complete order' }).click();
    const orderId = await orderIdOnSuccessPage(page);
    const order = await eventually(async () => {
      const current = await readOrder(orderId);
      return current.payment_status === 'free' && current;
    });

    expect(cardFields).toBe(0);
    expect(order.amount_cents).toBe(0);
    await eventually(async () => (await readOrder(orderId)).order_status === 'processing');
    await page.close();
  });

  it('charges $2.50 with LAUNCH50', async () => {
    const page = await browser.current.newPage();

    await page.goto(await createOrder({ couponCode: 'LAUNCH50' }));
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay $2.50' }).click();
    const orderId = await orderIdOnSuccessPage(page);
    const order = await eventually(async () => {
      const current = await readOrder(orderId);
      return current.payment_status === 'paid' && current;
    });

    expect(order.amount_cents).toBe(250);
    await page.close();
  });

  it('cancels on the pay page without charging, and unpaid checkouts never hold the address back', async () => {
    const email = uniqueEmail('cancels');
    const payUrl = await createOrder({ email });
    await createOrder({ email });
    await createOrder({ email });
    // A slot is claimed on payment (docs/decisions/slots-at-payment.md): three unpaid checkouts do not block a fourth.
    expect((await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }))).status).toBe(200);
    const page = await browser.current.newPage();

    await page.goto(payUrl);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/checkout=canceled/);
    const canceled = await eventually(async () =>
      (await ordersOfEmail(twin.current, email)).find((order) => order.payment_status === 'canceled'),
    );

    expect(canceled.order_status).toBe('pending');
    expect(canceled.slot_sk).toBeUndefined();
    await page.close();
  });
});
