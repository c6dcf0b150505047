// What the journeys do and check in the buyer's browser: open and fill the order form, submit it
// and answer the payment tab it opens, read a field's error as assistive technology does, and
// check a state on screen with axe at 390 and 1280 px, keeping a screenshot of each.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotPath, waitForReact } from '../../integration/support/browser.ts';
import { uniqueEmail } from '../../integration/support/twin.ts';

export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** axe finds nothing, and the page does not scroll sideways. */
export async function expectAccessible(page: Page): Promise<void> {
  // Hold the toasts still while axe reads them: sonner pauses every toast's timer while the pointer
  // rests on one, so none starts fading out (drawn half transparent) in the seconds axe takes.
  const toast = await page.$('[data-sonner-toast]:not([data-removed="true"])');
  const box = await toast?.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // A toast still sliding in (or already fading out) is part-transparent, and axe would judge its
  // contrast mid-way.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-sonner-toast]')].every(
            (toast) =>
              getComputedStyle(toast).opacity === '1' &&
              toast.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running'),
          ),
        ),
      { timeout: 5_000 },
    )
    .toBe(true);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const where = (violation: (typeof violations)[number]) =>
    violation.nodes.map((node) => node.target.join(' ')).join(', ');
  expect(violations.map((violation) => `${violation.id}: ${violation.help} (${where(violation)})`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

/** Checks the page's state at 390 and 1280 px and keeps a full-page screenshot of each (`<name>-<width>.png`). */
export async function checkState(page: Page, name: string): Promise<void> {
  // The buyer back on this tab, the pointer off the toasts: sonner holds a toast's timer while
  // its tab is hidden or the pointer rests on it (where the order button was clicked, say).
  await page.bringToFront();
  await page.mouse.move(1, 1);
  // A toast fading out is drawn half transparent, which axe reads as too little contrast.
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBe(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The order section at 390 and 1280 px, with axe over the whole page (`<name>-<width>.png`). */
export async function checkFormState(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.locator('#pricing').screenshot({ path: screenshotPath(`${name}-${width}.png`) });
  }
}

/** The home page's order form, once React runs it. */
export async function openForm(context: BrowserContext, siteUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl}/#pricing`);
  await waitForReact(page);
  return page;
}

/**
 * A whole 4 s order with the product photo the twin's unreadable example.com needs
 * (docs/spec-deviations.md), waiting until the photo is uploaded.
 */
export async function fillForm(
  page: Page,
  photoPath: string,
  { website = 'https://example.com', email = uniqueEmail('buy') } = {},
): Promise<void> {
  await page.getByLabel('Website URL').fill(website);
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Video Duration').selectOption('4');
  await page.getByLabel(/^Product Image/).setInputFiles(photoPath);
  await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
}

/** Submits the form and answers the payment tab it opens. */
export async function submitAndOpenPayment(context: BrowserContext, page: Page): Promise<Page> {
  const submit = page.getByRole('button', { name: 'Generate My Ad for $5' });
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  const [payPage] = await Promise.all([context.waitForEvent('page'), submit.click()]);
  await payPage.waitForLoadState();
  return payPage;
}

/** The field's error as assistive technology finds it: aria-invalid, and the text it is described by. */
export async function fieldError(page: Page, label: string): Promise<{ invalid: string | null; described: string }> {
  const field = page.getByLabel(label, { exact: true });
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return { invalid: await field.getAttribute('aria-invalid'), described: texts.join(' ') };
}

export const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? null);

/** The status panel's titles in the order the page showed them, sampled until `last` appears. */
export async function followStatusTitles(page: Page, last: string, timeoutMs: number): Promise<string[]> {
  const titles = ['Payment Processing', 'Generating Your Ad', 'Ad Ready!', 'Generation Failed'];
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const title of titles) {
      if ((await page.getByRole('heading', { name: title }).count()) > 0 && seen.at(-1) !== title) seen.push(title);
    }
    if (seen.at(-1) === last) return seen;
    await page.waitForTimeout(100);
  }
  throw new Error(`The page never showed "${last}"; it showed ${seen.join(' → ')}`);
}
