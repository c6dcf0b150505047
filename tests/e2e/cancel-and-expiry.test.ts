// A checkout that ends unpaid, in Chromium on a real twin: the buyer cancels on the local Checkout
// page, or the session expires (the local Stripe server expires it as Stripe does and sends the
// webhook). The tab the order was placed in says which, and that nothing was charged; the order
// stays unpaid and never holds the inbox's slot (docs/decisions/slots-at-payment.md), so three
// unpaid checkouts do not block a fourth. Each state is checked with axe and photographed at 390
// and 1280 px (tests/.results/screenshots/checkout-*.png).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProductPhoto } from '../integration/support/ad-fixtures.ts';
import { browserForSuite } from '../integration/support/browser.ts';
import { ordersOfEmail } from '../integration/support/orders-table.ts';
import { createOrder } from '../integration/support/pay.ts';
import {
  callApi,
  eventually,
  orderRequest,
  sessionIdOf,
  twinForSuite,
  uniqueEmail,
} from '../integration/support/twin.ts';
import { checkState, fillForm, heading, openForm, submitAndOpenPayment } from './support/order-page.ts';

const twin = twinForSuite({ waitScale: 0.2 });
const browser = browserForSuite();
let workDir = '';
let photoPath = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'cancel-journey-'));
  photoPath = await writeProductPhoto(workDir);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('a checkout the buyer cancels', () => {
  it('says the checkout was cancelled in the tab the order was placed in, charges nothing, and unpaid checkouts never hold the address back', async () => {
    const email = uniqueEmail('cancels');
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openForm(context, twin.current.url);
    await fillForm(page, photoPath, { email });
    const payPage = await submitAndOpenPayment(context, page);
    await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);
    // A slot is claimed on payment (docs/decisions/slots-at-payment.md): three unpaid checkouts do not block a fourth.
    await createOrder(twin.current, { email });
    await createOrder(twin.current, { email });
    expect((await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }))).status).toBe(200);

    await payPage.getByRole('link', { name: 'Cancel' }).click();
    await payPage.waitForURL(/checkout=canceled/);

    await expect.poll(() => heading(page, 'Checkout cancelled').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByText(/you were not charged/).count()).toBeGreaterThan(0);
    expect(await heading(page, 'Payment Successful').count()).toBe(0);
    await checkState(page, 'checkout-cancelled');
    const canceled = await eventually(async () =>
      (await ordersOfEmail(twin.current, email)).find((order) => order.payment_status === 'canceled'),
    );
    expect(canceled.order_status).toBe('pending');
    expect(canceled.slot_sk).toBeUndefined();
    await context.close();
  }, 120_000);
});

describe('a checkout left to expire', () => {
  it('says the checkout expired in the tab the order was placed in, charges nothing, and the inbox may order again', async () => {
    const email = uniqueEmail('expires');
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context, twin.current.url);
    await fillForm(page, photoPath, { email });
    const payPage = await submitAndOpenPayment(context, page);
    await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);

    // The session's time runs out: Stripe expires it and sends checkout.session.expired.
    const expired = await fetch(
      `${twin.current.endpoints.stripe}/v1/checkout/sessions/${sessionIdOf(payPage.url())}/expire`,
      { method: 'POST', headers: { authorization: `Bearer ${twin.current.env.STRIPE_SECRET_KEY}` } },
    );
    expect(expired.status).toBe(200);

    await expect.poll(() => heading(page, 'Checkout expired').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByText(/The payment page timed out, so you were not charged/).count()).toBeGreaterThan(0);
    expect(await heading(page, 'Payment Successful').count()).toBe(0);
    await checkState(page, 'checkout-expired');
    const [order] = await ordersOfEmail(twin.current, email);
    expect(order).toMatchObject({ payment_status: 'expired', order_status: 'pending' });
    expect(order?.slot_sk).toBeUndefined();
    expect(order?.execution_arn).toBeUndefined();
    expect((await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }))).status).toBe(200);
    await context.close();
  }, 120_000);
});
