// The buyer's whole journey in Chromium on the twin: the order form with a product photo and a
// coupon, the local Checkout page in the tab the form opens, the order page following the ad
// being made live (no reload), the player and the Download button. Then every page through axe,
// with screenshots at phone and desktop widths kept as test artifacts (tests/.results/screenshots).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '#generation/media/probe-media.ts';
import type { OrderView } from '#shared/contract.ts';
import { writeProductPhoto } from '../integration/support/ad-fixtures.ts';
import { browserForSuite, screenshotPath, waitForReact } from '../integration/support/browser.ts';
import { createPaidOrder } from '../integration/support/pay.ts';
import { callApi, eventually, twinForSuite, uniqueEmail } from '../integration/support/twin.ts';

const twin = twinForSuite({ waitScale: 0.2 });
const browser = browserForSuite();
let workDir = '';
let photoPath = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'site-journey-'));
  photoPath = await writeProductPhoto(workDir);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const readOrder = async (id: string) => (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;

/** The status panel's titles in the order the page showed them, sampled until `last` appears. */
async function followStatusTitles(page: Page, last: string): Promise<string[]> {
  const titles = ['Payment Processing', 'Generating Your Ad', 'Ad Ready!', 'Generation Failed'];
  const seen: string[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const title of titles) {
      if ((await page.getByRole('heading', { name: title }).count()) > 0 && seen.at(-1) !== title) seen.push(title);
    }
    if (seen.at(-1) === last) return seen;
    await page.waitForTimeout(100);
  }
  throw new Error(`The page never showed "${last}"; it showed ${seen.join(' → ')}`);
}

describe('the buyer’s journey in Chromium', () => {
  it('orders with a photo and LAUNCH50, pays, watches the ad being made live, plays and downloads it', async () => {
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const email = uniqueEmail('journey');

    await page.goto(`${twin.current.url}/#pricing`);
    await waitForReact(page);
    await page.getByLabel('Website URL').fill('https://example.com');
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Ad Style').selectOption('ugc');
    await page.getByLabel('Video Duration').selectOption('8');
    await page.getByLabel(/^Product Image/).setInputFiles(photoPath);
    await page.getByLabel('Coupon Code (optional)').pressSequentially('launch50');
    expect(await page.getByLabel('Coupon Code (optional)').inputValue()).toBe('LAUNCH50');
    const submit = page.getByRole('button', { name: 'Generate My Ad for $5' });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    const [payPage] = await Promise.all([context.waitForEvent('page'), submit.click()]);

    await payPage.waitForLoadState();
    await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payPage.getByRole('button', { name: 'Pay $2.50' }).click();
    await payPage.waitForURL(/\/success\?order_id=/);
    const orderId = new URL(payPage.url()).searchParams.get('order_id') ?? '';
    // A reload or a new document would lose this mark; the router's own history bookkeeping
    // (replaceState on start) would not, and is not a reload.
    await payPage.waitForLoadState();
    await payPage.evaluate(() => Object.assign(window, { journeyMark: 'still the same document' }));

    const titles = await followStatusTitles(payPage, 'Ad Ready!');
    expect(titles).toContain('Generating Your Ad');
    expect(titles.indexOf('Generating Your Ad')).toBeLessThan(titles.indexOf('Ad Ready!'));
    expect(await payPage.evaluate(() => (window as { journeyMark?: string }).journeyMark)).toBe(
      'still the same document',
    );
    await expect.poll(() => payPage.getByText('$2.50').count()).toBeGreaterThan(0);

    const video = payPage.getByLabel('Your video ad');
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { currentTime: element.currentTime, width: element.videoWidth, height: element.videoHeight };
    });
    expect(played.currentTime).toBeGreaterThan(0);
    expect(played).toMatchObject({ width: 720, height: 1280 });

    const [download] = await Promise.all([
      payPage.waitForEvent('download'),
      payPage.getByRole('link', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`reelfive-ad-${orderId.slice(0, 8)}.mp4`);
    const file = join(workDir, 'downloaded.mp4');
    await download.saveAs(file);
    const media = await probeMedia(file);
    expect(media.video).toMatchObject({ width: 720, height: 1280, codec: 'h264' });
    expect(media.durationSeconds).toBeCloseTo(8, 1);
    expect((await readOrder(orderId)).amount_cents).toBe(250);
    await context.close();
  });
});

describe('the home page in Chromium', () => {
  it('plays one example card at a time, with sound, and pauses it on a second click', async () => {
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${twin.current.url}/#examples`);
    const examples = page.locator('#examples');
    const playing = () =>
      examples
        .locator('video')
        .evaluateAll((videos: HTMLVideoElement[]) => videos.map((video) => !video.paused && !video.muted));

    await page.getByRole('button', { name: 'Play the SaaS Product Launch example with sound' }).click();
    await expect.poll(playing, { timeout: 15_000 }).toEqual([true, false, false]);
    await page.getByRole('button', { name: 'Play the E-commerce Sale example with sound' }).click();
    await expect.poll(playing, { timeout: 15_000 }).toEqual([false, true, false]);
    await page.getByRole('button', { name: 'Pause the E-commerce Sale example with sound' }).click();
    await expect.poll(playing, { timeout: 15_000 }).toEqual([false, false, false]);
    await context.close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const page = await browser.current.newPage();
    const response = await page.goto(`${twin.current.url}/no-such-page`);

    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').count()).toBe(1);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${twin.current.url}/`);
    await page.close();
  });
});

describe('every page', () => {
  let completedId = '';
  beforeAll(async () => {
    completedId = await createPaidOrder(twin.current, { email: uniqueEmail('pages'), durationSeconds: '4' });
    await eventually(async () => (await readOrder(completedId)).order_status === 'completed', 60_000);
  });

  const pages = [
    { name: 'home', path: '/' },
    { name: 'terms', path: '/terms' },
    { name: 'order-completed', path: () => `/success?order_id=${completedId}` },
    { name: 'order-missing-id', path: '/success' },
    { name: 'not-found', path: '/no-such-page' },
    { name: 'newsletter-confirmed', path: '/newsletter/confirmed' },
    { name: 'blog', path: '/blog' },
    // The article with the most tables and lists, and the one with an "Updated" date.
    { name: 'article-tiktok', path: '/blog/tiktok-ad-maker' },
    { name: 'article-sora', path: '/blog/sora-2-vs-reelfive-comparison' },
  ];

  it.each(pages)('$name has no axe violations at 390 and 1280 px', async ({ name, path }) => {
    for (const width of [390, 1280]) {
      // axe needs a page of an explicit context.
      const context = await browser.current.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${twin.current.url}${typeof path === 'function' ? path() : path}`);
      await page.waitForLoadState('networkidle');

      const { violations } = await new AxeBuilder({ page }).analyze();
      await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
      const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      await context.close();

      expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      expect(scrollsSideways).toBe(false);
    }
  });
});
