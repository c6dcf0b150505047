// Every message of docs/product.md "Validation and messages" on the order form, triggered for real in Chromium against the
// twin and read by its exact text: bad input caught in the browser, refusals from the real API
// (rate limit, coupon), the API's function failing and the API unreachable (the twin's
// API Gateway drills), an unexpected answer on the way, an exception in the page, an upload
// that fails, and the return from a canceled checkout.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import { messages } from '#shared/contract.ts';
import { formToasts } from '#web/features/order-form/feedback.ts';
import { writeProductPhoto } from '../../../../support/ad-fixtures.ts';
import { browserForSuite, waitForReact } from '../../../../support/browser.ts';
import { holdMailboxSlots } from '../../../../support/mailbox-slots.ts';
import { callApi, orderRequest, twinForSuite, uniqueEmail } from '../../../../support/twin.ts';

const twin = twinForSuite();
const browser = browserForSuite();
let workDir = '';
let photoPath = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'site-messages-'));
  photoPath = await writeProductPhoto(workDir);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

async function openForm(): Promise<Page> {
  const page = await browser.current.newPage();
  await page.goto(`${twin.current.url}/#pricing`);
  await waitForReact(page);
  return page;
}

/** A whole order, with the product photo the twin's unreadable example.com needs (docs/spec-deviations.md). */
async function fillForm(page: Page, fields: { email?: string; coupon?: string } = {}): Promise<void> {
  await page.getByLabel('Website URL').fill('https://example.com');
  await page.getByLabel('Email Address', { exact: true }).fill(fields.email ?? uniqueEmail('messages'));
  if (fields.coupon) await page.getByLabel('Coupon Code (optional)').fill(fields.coupon);
  await page.getByLabel(/^Product Image/).setInputFiles(photoPath);
  await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

/** Waits for a toast with this title and description, as the buyer reads it. */
async function expectToast(page: Page, toast: { title: string; description?: string }): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect
    .poll(() => region.getByText(toast.title, { exact: true }).count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
  if (toast.description) {
    await expect.poll(() => region.getByText(toast.description as string, { exact: true }).count()).toBeGreaterThan(0);
  }
}

describe('the order form’s messages in Chromium, each triggered for real', () => {
  it('§5 missing information: nothing is sent and the first empty field gets focus', async () => {
    const page = await openForm();
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/orders')) requests += 1;
    });
    await submit(page);
    await expectToast(page, formToasts.missingInformation);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url');
    expect(requests).toBe(0);
    await page.close();
  });

  it('§5 an image of the wrong type and one over 5 MB are refused before any upload', async () => {
    const page = await openForm();
    const gif = join(workDir, 'product.gif');
    await writeFile(gif, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'));
    await page.getByLabel(/^Product Image/).setInputFiles(gif);
    await expectToast(page, { title: 'Invalid File Type', description: messages.invalidFileType });
    const huge = join(workDir, 'huge.png');
    await writeFile(huge, Buffer.alloc(config.limits.uploadMaxBytes + 1));
    await page.getByLabel(/^Product Image/).setInputFiles(huge);
    await expectToast(page, { title: 'File Too Large', description: messages.fileTooLarge });
    await page.close();
  });

  it('upload failure: the upload route’s function fails', async () => {
    const page = await openForm();
    twin.current.api.failNext('CreateUpload', 1);
    await page.getByLabel(/^Product Image/).setInputFiles(photoPath);
    await expectToast(page, formToasts.uploadFailed);
    // The next try works: the drill failed one call only.
    await page.getByLabel(/^Product Image/).setInputFiles(photoPath);
    await expectToast(page, formToasts.imageUploaded);
    await page.close();
  });

  it('§8 RATE_LIMIT: a fourth order for an address with three in progress', async () => {
    const email = uniqueEmail('limit');
    // Three paid orders in progress (a slot is claimed on payment; unpaid checkouts hold none).
    await holdMailboxSlots(twin.current, email);
    const page = await openForm();
    await fillForm(page, { email });
    await submit(page);
    await expectToast(page, { title: 'Rate Limit Reached', description: messages.rateLimit });
    await page.close();
  });

  it('§8 INVALID_COUPON: the message names the code and the field is emptied', async () => {
    const page = await openForm();
    await fillForm(page, { coupon: 'nosuchcode' });
    await submit(page);
    await expectToast(page, { title: 'Invalid Coupon Code', description: messages.invalidCoupon('NOSUCHCODE') });
    expect(await page.getByLabel('Coupon Code (optional)').inputValue()).toBe('');
    await page.close();
  });

  it('§8 server error: the order function fails behind API Gateway', async () => {
    const page = await openForm();
    await fillForm(page);
    twin.current.api.failNext('CreateOrder', 1);
    await submit(page);
    await expectToast(page, { title: 'Unable to Process Payment', description: messages.paymentFailed });
    // The button is usable again (docs/product.md "The order and its states": back to idle on every outcome).
    await expect.poll(() => page.getByRole('button', { name: 'Generate My Ad for $5' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('§8 transport error: the API is unreachable', async () => {
    const page = await openForm();
    await fillForm(page);
    twin.current.api.down = true;
    try {
      await submit(page);
      await expectToast(page, formToasts.connectionError);
    } finally {
      twin.current.api.down = false;
    }
    await page.close();
  });

  it('§8 unexpected response: something on the way answers 200 with a web page instead of JSON', async () => {
    const page = await openForm();
    await fillForm(page);
    // A captive portal or misconfigured proxy between the buyer and the API.
    await page.route('**/api/orders', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>Sign in to the Wi-Fi</body></html>' }),
    );
    await submit(page);
    await expectToast(page, formToasts.unexpectedResponse);
    await page.close();
  });

  it('§8 exception: the browser throws while opening the payment tab', async () => {
    const page = await browser.current.newPage();
    // Some embedded browsers and hardened profiles throw from window.open instead of blocking.
    await page.addInitScript(() => {
      window.open = () => {
        throw new Error('window.open is disabled here');
      };
    });
    await page.goto(`${twin.current.url}/#pricing`);
    await waitForReact(page);
    await fillForm(page);
    await submit(page);
    await expectToast(page, formToasts.unexpectedException);
    await page.close();
  });

  it('§7 success: the payment page opens in a new tab with the Success toast', async () => {
    const context = await browser.current.newContext();
    const page = await context.newPage();
    await page.goto(`${twin.current.url}/#pricing`);
    await waitForReact(page);
    await fillForm(page);
    const [payPage] = await Promise.all([context.waitForEvent('page'), submit(page)]);
    await expectToast(page, formToasts.checkoutOpened);
    expect(payPage.url()).toContain('/_local/pay/');
    await context.close();
  });

  it('back from a canceled checkout: the order is canceled and the buyer told they were not charged', async () => {
    const created = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest());
    const page = await browser.current.newPage();
    await page.goto(created.body.url);
    const cancel = page.getByRole('link', { name: 'Cancel' });
    const orderId = new URL((await cancel.getAttribute('href')) ?? '', twin.current.url).searchParams.get('order_id');
    await cancel.click();
    await expectToast(page, formToasts.checkoutCanceled);
    const order = await callApi<{ payment_status: string }>(twin.current, 'GET', `/api/orders/${orderId}`);
    expect(order.body.payment_status).toBe('canceled');
    await page.close();
  });
});
