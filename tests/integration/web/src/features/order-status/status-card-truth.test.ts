// What the order page's status card tells the buyer is true (docs/spec-deviations.md): the tab
// the order was placed in shows what was paid and the coupon once the payment lands, the time it
// gives is the stage's real estimate, and "Ad Ready!" comes with the video, never "Preparing
// your video…" after it. In Chromium on the twin, photographed at 390 and 1280 px
// (tests/.results/screenshots/status-card-*.png).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForSuite, screenshotPath, waitForReact } from '../../../../support/browser.ts';
import { previewSiteForSuite } from '../../../../support/preview-site-suite.ts';
import { adMadeWithinMs, adTestTimeoutMs, twinForSuite, uniqueEmail } from '../../../../support/twin.ts';

const twin = twinForSuite();
const browser = browserForSuite();
const photo = previewSiteForSuite();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** The Order Summary's value for a term ("Amount", "Coupon"), or null when it has no such row. */
async function summaryRow(page: Page, term: string): Promise<string | null> {
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const terms = await summary.getByRole('term').allTextContents();
  const values = await summary.getByRole('definition').allTextContents();
  const index = terms.indexOf(term);
  return index === -1 ? null : (values[index] ?? null);
}

async function placeOrderWithCoupon(context: BrowserContext): Promise<{ page: Page; payPage: Page }> {
  const page = await context.newPage();
  await page.goto(`${twin.current.url}/#pricing`);
  await waitForReact(page);
  await page.getByLabel('Website URL').fill('https://example.com');
  await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('status-card'));
  await page.getByLabel('Video Duration').selectOption('4');
  await page.getByLabel(/^Product Image/).setInputFiles(photo.photoPath);
  await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
  await page.getByLabel('Coupon Code (optional)').fill('LAUNCH50');
  const submit = page.getByRole('button', { name: 'Generate My Ad for $5' });
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  const [payPage] = await Promise.all([context.waitForEvent('page'), submit.click()]);
  await payPage.waitForLoadState();
  await page.waitForURL(/\/success\?order_id=/);
  await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);
  return { page, payPage };
}

async function photograph(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: screenshotPath(`status-card-${name}-${width}.png`), fullPage: true });
  }
}

/** Marks, in the page, whether "Preparing your video…" ever comes on screen from now on. */
async function watchForPreparing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { preparing: false };
    Object.assign(window, { preparingSeen: seen });
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Preparing your video…')) seen.preparing = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const preparingWasSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { preparingSeen: { preparing: boolean } }).preparingSeen.preparing);

describe('the status card of the tab the order was placed in, with LAUNCH50', () => {
  it(
    'says what was paid and the coupon, the stage\'s real time, and "Ad Ready!" only with the video',
    async () => {
      const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
      const { page, payPage } = await placeOrderWithCoupon(context);
      // Before payment: the coupon is Checkout's to apply, so the list price is not said to be the charge.
      expect(await summaryRow(page, 'Amount')).toBe('$5.00 USD before your coupon');
      expect(await summaryRow(page, 'Coupon')).toBe('LAUNCH50, applied at checkout');
      // Every read of the order answers 1.5 s late: the live channel's "completed" arrives well
      // before the read that brings the video's links.
      await page.route('**/api/orders/*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await watchForPreparing(page);

      await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
      await payPage.getByRole('button', { name: 'Pay $2.50' }).click();

      await expect.poll(() => heading(page, 'Payment Successful').count(), { timeout: 30_000 }).toBe(1);
      expect(await summaryRow(page, 'Amount')).toBe('$2.50 USD');
      expect(await summaryRow(page, 'Coupon')).toBe('LAUNCH50 (−$2.50)');
      const card = page.getByRole('region', { name: 'Generating Your Ad' });
      await expect.poll(() => card.count(), { timeout: 60_000 }).toBe(1);
      // One time: the spec's sentence says the stage's delivery time, next to the live estimate.
      expect(await card.textContent()).toContain(
        'Our AI is creating your video ad. This usually takes about a minute.',
      );
      await photograph(page, 'during');
      expect(await page.getByText(/5-15 minutes/).count()).toBe(0);

      await expect.poll(() => heading(page, 'Ad Ready!').count(), { timeout: adMadeWithinMs }).toBe(1);
      await expect.poll(() => page.getByLabel('Your video ad').count(), { timeout: 30_000 }).toBe(1);
      // The title came with the player: never "Preparing your video…" under "Ad Ready!".
      expect(await preparingWasSeen(page)).toBe(false);
      expect(await summaryRow(page, 'Amount')).toBe('$2.50 USD');
      expect(await summaryRow(page, 'Coupon')).toBe('LAUNCH50 (−$2.50)');
      await page.unroute('**/api/orders/*');
      await photograph(page, 'ready');
      await context.close();
    },
    adTestTimeoutMs,
  );
});
