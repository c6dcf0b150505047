// The buyer's whole walk in Chromium on the twin, on a phone's width: a buyer whose site cannot be
// read is told so before paying, adds a photo instead, pays in the tab the form opens, and the tab
// they ordered from follows the order from "finish paying" to the finished ad, which downloads as
// an MP4. Each state is photographed (tests/.results/screenshots/buyer-walk-*.png).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unreadableSiteMessage } from '#shared/preview-contract.ts';
import { browserForSuite, screenshotPath, waitForReact } from './support/browser.ts';
import { testSiteHosts, testSiteNames } from './support/preview-site.ts';
import { previewSiteForSuite } from './support/preview-site-suite.ts';
import { adTestTimeoutMs, twinForSuite, uniqueEmail } from './support/twin.ts';

const twin = twinForSuite({ testSiteHosts, waitScale: 0.2 });
const browser = browserForSuite();
const journey = previewSiteForSuite();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const shoot = (page: Page, state: string) =>
  page.screenshot({ path: screenshotPath(`buyer-walk-${state}-390.png`), fullPage: true });

describe("a buyer's whole walk", () => {
  it(
    'from an unreadable site through the preview and payment in a second tab to the downloaded ad',
    async () => {
      const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${twin.current.url}/#pricing`);
      await waitForReact(page);

      // The site cannot be read: said before paying, with its host and the way on.
      await page.getByLabel('Website URL').fill(journey.site.url('closed'));
      const preview = page.getByRole('region', { name: 'What your ad will be made from' });
      await expect
        .poll(() => preview.textContent(), { timeout: 20_000 })
        .toContain(unreadableSiteMessage(testSiteNames.closed));
      await shoot(page, 'unreadable-site');

      // The buyer adds their photo, which the preview puts first, and orders a 4 s ad.
      await page.getByLabel(/^Product Image/).setInputFiles(journey.photoPath);
      const photoShown = preview.getByRole('img', { name: 'Your photo', exact: true });
      await expect.poll(() => photoShown.count(), { timeout: 20_000 }).toBe(1);
      expect(await photoShown.getAttribute('src')).toMatch(/X-Amz-Signature/);
      await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('walk'));
      await page.getByLabel('Video Duration').selectOption('4');
      await shoot(page, 'ready-to-pay');
      const submit = page.getByRole('button', { name: 'Generate My Ad for $5' });
      await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
      const [payPage] = await Promise.all([context.waitForEvent('page'), submit.click()]);
      await payPage.waitForLoadState();

      // This tab now waits on the order page, linking back to the payment page.
      await page.waitForURL(/\/success\?order_id=/);
      await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('link', { name: /Go to the payment page/ }).getAttribute('href')).toBe(payPage.url());
      await shoot(page, 'waiting-for-payment');

      await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
      await payPage.getByRole('button', { name: /^Pay/ }).click();

      // Paid in the other tab: this one becomes the live order page, then shows the ad.
      await page.bringToFront();
      await expect.poll(() => heading(page, 'Payment Successful').count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => heading(page, 'Ad Ready!').count(), { timeout: adTestTimeoutMs - 90_000 }).toBe(1);
      await shoot(page, 'ad-ready');
      const download = page.getByRole('link', { name: 'Download', exact: true });
      const answer = await fetch((await download.getAttribute('href')) ?? '');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('video/mp4');
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="reelfive-ad-[0-9a-f]{8}\.mp4"$/,
      );
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(50_000);
      await context.close();
    },
    adTestTimeoutMs,
  );
});
