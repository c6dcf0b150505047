// The preview before paying in Chromium (docs/features.md "The preview before paying"), at a phone's and a laptop's width: the
// buyer types a website (no click) and the form says plainly when the site cannot be read, says
// "still reading…" when it is slow, then shows the name, hook and images (cleaned copies from
// our bucket), with the buyer's photo first once added and the hook following the style. Each
// state is screenshotted (tests/.results/screenshots/preview-*) and checked with axe.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unreadableSiteMessage } from '#shared/preview-contract.ts';
import { browserForSuite, screenshotPath, waitForReact } from '../integration/support/browser.ts';
import { harborRoast, testSiteHosts, testSiteNames } from '../integration/support/preview-site.ts';
import { previewSiteForSuite } from '../integration/support/preview-site-suite.ts';
import { twinForSuite } from '../integration/support/twin.ts';

const twin = twinForSuite({ testSiteHosts });
const browser = browserForSuite();
const journey = previewSiteForSuite();

const previewPanel = (page: Page): Locator => page.getByRole('region', { name: 'What your ad will be made from' });

async function capture(page: Page, state: string, width: number): Promise<void> {
  const pricing = page.locator('#pricing');
  await pricing.scrollIntoViewIfNeeded();
  await pricing.screenshot({ path: screenshotPath(`preview-${state}-${width}.png`) });
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('#pricing').analyze();
  return violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe.each([390, 1280])('the preview before paying at %i px', (width) => {
  it('tells the buyer plainly when the site cannot be read, then shows what a readable one gives', async () => {
    const context = await browser.current.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${twin.current.url}/#pricing`);
    await waitForReact(page);
    const website = page.getByLabel('Website URL');

    // An unreachable site: said before paying, with the real host, and the way on.
    await website.fill(journey.site.url('closed'));
    const panel = previewPanel(page);
    await expect
      .poll(() => panel.textContent(), { timeout: 20_000 })
      .toContain(unreadableSiteMessage(testSiteNames.closed));
    await expect.poll(() => panel.textContent()).toContain('Add a product photo below');
    await capture(page, 'unreadable', width);
    expect(await axeViolations(page)).toEqual([]);

    // A slow site: "still reading…" past the preview's budget, then the preview.
    await website.fill(journey.site.url('readable', `/slow?width=${width}`));
    await expect
      .poll(() => panel.textContent(), { timeout: 20_000 })
      .toContain(`Still reading ${testSiteNames.readable}…`);
    await capture(page, 'still-reading', width);

    // A readable site: its name, headline, claims, the hook and its images from our bucket.
    await website.fill(journey.site.url('readable', `/?width=${width}`));
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain(harborRoast.headline);
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain(harborRoast.businessName);
    expect(text).toContain(harborRoast.claim);
    expect(text).not.toContain("We couldn't read");
    const hook = panel.getByText(/opens with/);
    expect(await hook.count()).toBe(1);
    const images = panel.getByRole('list', { name: 'Images the ad will use' }).getByRole('img');
    await expect.poll(() => images.count()).toBeGreaterThanOrEqual(2);
    const sources = await images.evaluateAll((elements) =>
      elements.map((element) => ({
        // The src attribute, resolved: currentSrc stays empty until the browser picks the image to load.
        src: (element as HTMLImageElement).src,
        loaded: (element as HTMLImageElement).naturalWidth > 0,
      })),
    );
    for (const image of sources) expect(new URL(image.src).origin).toBe(new URL(twin.current.endpoints.s3).origin);
    await expect
      .poll(() => images.evaluateAll((elements) => elements.every((e) => (e as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    const still = panel.getByRole('img', { name: /^The ad's opening frame/ });
    await expect.poll(() => still.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(360);
    await capture(page, 'readable', width);
    expect(await axeViolations(page)).toEqual([]);

    // The photo comes first once added; the hook follows the style.
    await page.getByLabel(/^Product Image/).setInputFiles(journey.photoPath);
    await expect.poll(() => images.first().getAttribute('alt'), { timeout: 20_000 }).toBe('Your photo');
    // The photo as the preview shows it: from our bucket, through a signed link.
    const photoShown = panel.getByRole('img', { name: 'Your photo', exact: true });
    expect(await photoShown.count()).toBe(1);
    expect(await photoShown.getAttribute('src')).toMatch(/X-Amz-Signature/);
    await page.getByLabel('Ad Style').selectOption('ugc');
    await expect
      .poll(() => panel.textContent(), { timeout: 20_000 })
      .toContain('Your User Generated Content (UGC) ad of 12 seconds opens with');
    await capture(page, 'with-photo', width);

    const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await context.close();
    expect(scrollsSideways).toBe(false);
  }, 120_000);
});
