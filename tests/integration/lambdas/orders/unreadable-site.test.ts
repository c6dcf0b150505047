// A site that cannot be read never gets an ad of its name alone (docs/spec-deviations.md): the form
// asks for a product photo once its preview says the site could not be read (Chromium, 390 and
// 1280 px), and a paid order whose site cannot be read when its ad is made, with no photo, fails
// at AnalyzeWebsite and takes the failure path: refunded at the local Stripe server, and an email
// that says why. The sites are local (random ports on 127.0.0.1, the twin's testSiteHosts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '#local/ses/outbox.ts';
import { messages, type OrderView, shortOrderId } from '#shared/contract.ts';
import { unreadableSiteMessage } from '#shared/preview-contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { browserForSuite, screenshotPath, waitForReact } from '../../support/browser.ts';
import { storedOrder } from '../../support/orders-table.ts';
import { createOrder, payForOrder } from '../../support/pay.ts';
import { harborRoastPage, testSiteHosts, testSiteNames } from '../../support/preview-site.ts';
import { previewSiteForSuite } from '../../support/preview-site-suite.ts';
import { adMadeWithinMs, callApi, eventually, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, testSiteHosts });
const browser = browserForSuite();
const journey = previewSiteForSuite();

async function mailTo(email: string) {
  const listed = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
  return Promise.all(
    listed.map(async (message) => ({
      ...message,
      ...decodeMessage(await twin.current.outbox.readMessage(message.id)),
    })),
  );
}

/** What the local Stripe server answers to one more refund of the order's payment. */
async function refundAgain(paymentIntent: string): Promise<{ status: number; body: { error?: { code?: string } } }> {
  const answer = await fetch(`${twin.current.endpoints.stripe}/v1/refunds`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${twin.current.env[envNames.stripeSecretKey]}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ payment_intent: paymentIntent }),
  });
  return { status: answer.status, body: (await answer.json()) as { error?: { code?: string } } };
}

describe('a paid order whose site cannot be read when its ad is made', () => {
  it('fails without a photo before its script, is refunded at Stripe, and the buyer is told why', {
    timeout: adMadeWithinMs + 60_000,
  }, async () => {
    // Prepare: the site answers when the order is placed, then shows a page with no text.
    const email = uniqueEmail('unreadable-later');
    const website = journey.site.url('readable', '/?campaign=gone-quiet');
    const checkoutUrl = await createOrder(twin.current, {
      email,
      website,
      durationSeconds: '4',
      imageStoragePath: null,
      imageFileName: null,
    });
    journey.site.setPage('<!doctype html><html><head><title></title></head><body></body></html>');
    try {
      // Act
      const paidId = await payForOrder(twin.current, checkoutUrl);
      const execution = await twin.current.steps.waitForExecution(paidId, adMadeWithinMs);

      // Assess: failed at AnalyzeWebsite, nothing written or rendered.
      expect(execution.status).toBe('FAILED');
      const entered = execution.events
        .filter((event) => event.type.endsWith('StateEntered'))
        .map((event) => (event.stateEnteredEventDetails as { name: string }).name);
      expect(entered).toEqual(expect.arrayContaining(['AnalyzeWebsite', 'MarkFailed', 'Refund', 'NotifyOps']));
      expect(entered).not.toContain('WriteStoryboard');
      const order = await eventually(async () => {
        const read = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${paidId}`)).body;
        return read.payment_status === 'refunded' && read;
      }, adMadeWithinMs);
      expect(order).toMatchObject({ order_status: 'failed', stage: 'failed', payment_status: 'refunded' });
      const stored = await storedOrder(twin.current, paidId);
      expect(stored?.failure_reason).toBe('UnreadableSite: the page has no readable text');
      expect(stored?.refund_id).toMatch(/^re_/);
      // The local Stripe server holds the whole charge as refunded: it refuses another refund.
      expect(await refundAgain(stored?.payment_intent ?? '')).toMatchObject({
        status: 400,
        body: { error: { code: 'charge_already_refunded' } },
      });

      const told = await eventually(async () => {
        const mail = await mailTo(email);
        return mail.find((message) => message.subject.includes('did not make')) ?? false;
      });
      expect(told.subject).toBe(`We did not make your ReelFive ad (${shortOrderId(paidId)})`);
      expect(told.text).toContain(
        `We could not read your website, ${website}, when we came to make your ad, and your order had no product photo.`,
      );
      expect(told.text).toContain(
        "An ad of your business's name alone is not worth your money, so we did not make one.",
      );
      expect(told.text).toContain('Your payment of $5.00 has been refunded.');
      expect(told.text).toContain('order again with a product photo');
    } finally {
      journey.site.setPage(harborRoastPage());
    }
  });
});

describe('a paid order with a photo whose site cannot be read', () => {
  it('is made, and its ready email says what the script was written from and names the order in its subject', {
    timeout: adMadeWithinMs + 60_000,
  }, async () => {
    // Prepare: the site shows a page with no text; the order carries the buyer's photo.
    const email = uniqueEmail('unreadable-photo');
    const website = journey.site.url('readable', '/?campaign=photo-only');
    journey.site.setPage('<!doctype html><html><head><title></title></head><body></body></html>');
    try {
      // Act
      const orderId = await payForOrder(
        twin.current,
        await createOrder(twin.current, { email, website, durationSeconds: '4' }),
      );
      const ready = await eventually(async () => {
        const mail = await mailTo(email);
        return mail.find((message) => message.subject.includes('is ready')) ?? false;
      }, adMadeWithinMs);

      // Assess: the email as received in the twin's outbox.
      expect(ready.subject).toBe(`Your ReelFive ad is ready (${shortOrderId(orderId)})`);
      expect(ready.text).not.toContain('written from your website');
      expect(ready.text).toContain(
        `We could not read ${website} when we made your ad, so its script was written from your business's name as your web address gives it, around the product photo you sent, and read by an AI voice.`,
      );
      expect((await storedOrder(twin.current, orderId))?.site_source).toBe('fallback');
    } finally {
      journey.site.setPage(harborRoastPage());
    }
  });
});

describe('the order form after a preview that could not read the site', () => {
  it.each([390, 1280])('asks for the photo at the field and sends nothing without one, at %i px', async (width) => {
    const context = await browser.current.newContext({ viewport: { width, height: 900 } });
    const page: Page = await context.newPage();
    let orderRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/orders') && request.method() === 'POST') orderRequests += 1;
    });
    try {
      await page.goto(`${twin.current.url}/#pricing`);
      await waitForReact(page);
      await page.getByLabel('Website URL').fill(journey.site.url('closed'));
      await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('form-photo'));
      const preview = page.getByRole('region', { name: 'What your ad will be made from' });
      await expect
        .poll(() => preview.textContent(), { timeout: 30_000 })
        .toContain(unreadableSiteMessage(testSiteNames.closed));

      // The field says it is required before anything is pressed.
      const photo = page.getByLabel('Product Image (required)');
      await expect.poll(() => photo.count(), { timeout: 10_000 }).toBe(1);
      expect(await photo.getAttribute('required')).not.toBeNull();

      // Act
      await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

      // Assess: the message at the field, which is invalid, described by it and focused.
      await expect.poll(() => photo.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
      const described = (await photo.getAttribute('aria-describedby'))?.split(' ') ?? [];
      const texts = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(texts).toContain(messages.photoRequired);
      expect(await page.getByText(messages.photoRequired, { exact: true }).isVisible()).toBe(true);
      expect(
        await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent),
      ).toBe('Product Image (required)');
      await page.waitForTimeout(500);
      expect(orderRequests).toBe(0);
      await page
        .locator('#pricing')
        .screenshot({ path: screenshotPath(`unreadable-site-photo-required-${width}.png`) });

      // A photo takes the message away.
      await photo.setInputFiles(journey.photoPath);
      await expect.poll(() => photo.getAttribute('aria-invalid'), { timeout: 20_000 }).toBeNull();
      expect(await page.getByText(messages.photoRequired, { exact: true }).count()).toBe(0);
      await expect
        .poll(() => preview.getByRole('img', { name: 'Your photo', exact: true }).count(), { timeout: 20_000 })
        .toBe(1);
      await page.locator('#pricing').screenshot({ path: screenshotPath(`unreadable-site-photo-added-${width}.png`) });
    } finally {
      await context.close();
    }
  });
});
