// The buyer's path in Chromium on the twin: the tab the order form was submitted in
// follows the order while the buyer pays in the other tab (waiting, then the live order page, or
// the checkout cancelled), and the form's errors show at their fields. Each new state is checked
// with axe and photographed at 390 and 1280 px (tests/.results/screenshots/buyer-path-*.png).
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/contract.ts';
import { formToasts } from '#web/features/order-form/feedback.ts';
import { fieldMessages } from '#web/features/order-form/field-errors.ts';
import { browserForSuite, screenshotPath, waitForReact } from './support/browser.ts';
import { previewSiteForSuite } from './support/preview-site-suite.ts';
import { twinForSuite, uniqueEmail } from './support/twin.ts';

const twin = twinForSuite({ waitScale: 0.2 });
const browser = browserForSuite();
const photo = previewSiteForSuite();

/** axe finds nothing, and the page does not scroll sideways. */
async function expectAccessible(page: Page): Promise<void> {
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

/** Checks the state on screen at 390 and 1280 px and keeps a full-page screenshot of each. */
async function checkState(page: Page, name: string): Promise<void> {
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
    await page.screenshot({ path: screenshotPath(`buyer-path-${name}-${width}.png`), fullPage: true });
  }
}

async function openForm(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${twin.current.url}/#pricing`);
  await waitForReact(page);
  return page;
}

/** A whole order, with the product photo the twin's unreadable example.com needs (docs/spec-deviations.md). */
async function fillForm(page: Page, website = 'https://example.com'): Promise<void> {
  await page.getByLabel('Website URL').fill(website);
  await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('buyer-path'));
  await page.getByLabel('Video Duration').selectOption('4');
  await page.getByLabel(/^Product Image/).setInputFiles(photo.photoPath);
  await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
}

/** Submits and answers the payment tab the form opens. */
async function submitAndOpenPayment(context: BrowserContext, page: Page): Promise<Page> {
  const [payPage] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Generate My Ad for $5' }).click(),
  ]);
  await payPage.waitForLoadState();
  return payPage;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('the tab the order was placed in', () => {
  it('waits for the payment in the other tab, links back to it, then becomes the live order page', async () => {
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openForm(context);
    await fillForm(page);

    const payPage = await submitAndOpenPayment(context, page);

    // The spec's toast, then this tab on the order page, waiting: no form left to submit twice.
    const region = page.getByRole('region', { name: /Notifications/ });
    await expect
      .poll(() => region.getByText(formToasts.checkoutOpened.description, { exact: true }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await page.waitForURL(/\/success\?order_id=/);
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);
    expect(await heading(page, 'Payment Successful').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Go to the payment page/ }).getAttribute('href')).toBe(payPage.url());
    expect(await page.getByRole('button', { name: 'Generate My Ad for $5' }).count()).toBe(0);
    // Support gets the whole id; the summary keeps the spec's first 8 characters.
    expect(await page.getByText(orderId, { exact: true }).count()).toBe(1);
    expect(await page.getByText(`${orderId.slice(0, 8)}...`, { exact: true }).count()).toBe(1);
    await page.evaluate(() => Object.assign(window, { pathMark: 'same document' }));
    await checkState(page, 'waiting');

    await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payPage.getByRole('button', { name: /^Pay/ }).click();

    await expect.poll(() => heading(page, 'Payment Successful').count(), { timeout: 30_000 }).toBe(1);
    expect(await heading(page, 'Finish paying in the other tab').count()).toBe(0);
    await expect.poll(() => page.getByText(/left$|^Almost done$/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await checkState(page, 'paid-in-progress');
    await expect.poll(() => heading(page, 'Ad Ready!').count(), { timeout: 90_000 }).toBe(1);
    // It followed without a reload.
    expect(await page.evaluate(() => (window as { pathMark?: string }).pathMark)).toBe('same document');
    await checkState(page, 'paid-ready');

    await page.getByRole('link', { name: 'Order another ad' }).click();
    await page.waitForURL(`${twin.current.url}/#pricing`);
    await expect.poll(() => page.getByLabel('Website URL').inputValue(), { timeout: 10_000 }).toBe('');
    await context.close();
  }, 180_000);

  it('says the checkout was cancelled when the buyer cancels in the other tab', async () => {
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openForm(context);
    await fillForm(page);
    const payPage = await submitAndOpenPayment(context, page);
    await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);

    await payPage.getByRole('link', { name: 'Cancel' }).click();

    await expect.poll(() => heading(page, 'Checkout cancelled').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByText(/you were not charged/).count()).toBeGreaterThan(0);
    expect(await heading(page, 'Payment Successful').count()).toBe(0);
    await checkState(page, 'cancelled');
    await context.close();
  }, 120_000);
});

/** The field's error as assistive technology finds it: aria-invalid, and the text it is described by. */
async function fieldError(page: Page, label: string): Promise<{ invalid: string | null; described: string }> {
  const field = page.getByLabel(label, { exact: true });
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return { invalid: await field.getAttribute('aria-invalid'), described: texts.join(' ') };
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? null);

/** The order section at this width, with axe over the whole page. */
async function checkFormState(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.locator('#pricing').screenshot({ path: screenshotPath(`buyer-path-${name}-${width}.png`) });
  }
}

describe('a blocked payment tab', () => {
  it('offers the payment page as a link, and once it is opened this tab follows the order', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // What a popup blocker does to window.open.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${twin.current.url}/#pricing`);
    await waitForReact(page);
    await fillForm(page);

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();
    const link = page.getByRole('link', { name: 'Open the secure payment page' });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const [payPage] = await Promise.all([context.waitForEvent('page'), link.click()]);

    await page.waitForURL(/\/success\?order_id=/);
    expect(payPage.url()).toContain('/_local/pay/');
    await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('link', { name: /Go to the payment page/ }).getAttribute('href')).toBe(payPage.url());
    await context.close();
  });
});

describe('errors where the eye is', () => {
  it('"not a website" is one clear message at the website field, with focus there, and nothing is sent', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context);
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/orders')) requests += 1;
    });
    await fillForm(page, 'not a website');

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

    await expect.poll(() => fieldError(page, 'Website URL'), { timeout: 10_000 }).toMatchObject({ invalid: 'true' });
    expect((await fieldError(page, 'Website URL')).described).toContain(messages.invalidWebsite);
    expect(await page.getByText(messages.invalidWebsite, { exact: true }).isVisible()).toBe(true);
    expect(await focusedLabel(page)).toBe('Website URL');
    // One message: no "Missing Information", no payment error, nothing sent.
    await page.waitForTimeout(500);
    expect(await page.getByText('Missing Information').count()).toBe(0);
    expect(await page.getByText('Unable to Process Payment').count()).toBe(0);
    expect(requests).toBe(0);
    expect((await fieldError(page, 'Email Address')).invalid).toBeNull();
    await checkFormState(page, 'website-error');

    // Typing a real address takes the error away.
    await page.getByLabel('Website URL').fill('https://example.com');
    expect((await fieldError(page, 'Website URL')).invalid).toBeNull();
    await context.close();
  });

  it('a website on another port: the API refuses it, and its message is at the website field with focus there', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context);
    await fillForm(page, 'https://shop.example:6379/');

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

    // The preview refuses the same website as it is typed and marks the field; the order's answer is
    // the toast, and only then does focus move to the field.
    const region = page.getByRole('region', { name: /Notifications/ });
    await expect
      .poll(() => region.getByText('Unable to Process Payment', { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => fieldError(page, 'Website URL'), { timeout: 15_000 }).toMatchObject({ invalid: 'true' });
    expect((await fieldError(page, 'Website URL')).described).toContain(messages.websiteOnAnotherPort);
    expect(await page.getByText(messages.websiteOnAnotherPort, { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => focusedLabel(page), { timeout: 5_000 }).toBe('Website URL');
    await page.screenshot({ path: screenshotPath('buyer-path-website-port-toast-390.png') });
    await checkFormState(page, 'website-port');
    await context.close();
  });

  it('missing fields: the spec toast, each empty field marked, and focus on the first', async () => {
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openForm(context);

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

    const region = page.getByRole('region', { name: /Notifications/ });
    await expect
      .poll(() => region.getByText(formToasts.missingInformation.title, { exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await fieldError(page, 'Website URL')).toMatchObject({ invalid: 'true' });
    expect(await fieldError(page, 'Email Address')).toMatchObject({ invalid: 'true' });
    expect((await fieldError(page, 'Email Address')).described).toContain(fieldMessages.emailMissing);
    expect(await focusedLabel(page)).toBe('Website URL');
    await checkFormState(page, 'missing-fields');
    await context.close();
  });

  it('a refused coupon: the spec toast, and the message at the emptied coupon field with focus there', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context);
    await fillForm(page);
    await page.getByLabel('Coupon Code (optional)').fill('nosuchcode');

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

    await expect
      .poll(() => page.getByText('Invalid Coupon Code', { exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const coupon = await fieldError(page, 'Coupon Code (optional)');
    expect(coupon.invalid).toBe('true');
    expect(coupon.described).toContain(messages.invalidCoupon('NOSUCHCODE'));
    expect(await page.getByLabel('Coupon Code (optional)').inputValue()).toBe('');
    expect(await focusedLabel(page)).toBe('Coupon Code (optional)');
    await page.screenshot({ path: screenshotPath('buyer-path-coupon-error-toast-390.png') });
    await checkFormState(page, 'coupon-error');
    await context.close();
  });

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('at $width px no toast covers the order button', async (viewport) => {
    const context = await browser.current.newContext({ viewport });
    const page = await openForm(context);
    await fillForm(page);
    const submit = page.getByRole('button', { name: 'Generate My Ad for $5' });
    // Where a thumb taps it: the button low on the screen, once nothing above it still loads and
    // moves it — the site's preview arrives a moment after typing and makes the form taller. A
    // server error moves no focus, so nothing scrolls: the toast lands over whatever is where it is drawn.
    const preview = page.getByRole('region', { name: 'What your ad will be made from' });
    await expect.poll(() => preview.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    await page.waitForLoadState('networkidle');
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end', behavior: 'instant' }));
    twin.current.api.failNext('CreateOrder', 1);

    // A tap where the button is: Playwright's own click may scroll it elsewhere first. Where it
    // is: the same place twice, 300 ms apart (a late image or font would move it).
    let tapped = await submit.boundingBox();
    await expect
      .poll(
        async () => {
          const before = tapped;
          await page.waitForTimeout(300);
          tapped = await submit.boundingBox();
          return JSON.stringify(tapped) === JSON.stringify(before);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    if (!tapped) throw new Error('the order button is not on screen');
    await page.mouse.click(tapped.x + tapped.width / 2, tapped.y + tapped.height / 2);

    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText('Unable to Process Payment', { exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // Let sonner finish drawing it in, then compare where both are on screen.
    await page.waitForTimeout(600);
    const [toastBox, buttonBox] = await Promise.all([toast.first().boundingBox(), submit.boundingBox()]);
    if (!toastBox || !buttonBox) throw new Error('toast or button not on screen');
    const overlaps =
      toastBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.x < toastBox.x + toastBox.width &&
      toastBox.y < buttonBox.y + buttonBox.height &&
      buttonBox.y < toastBox.y + toastBox.height;
    await page.screenshot({ path: screenshotPath(`buyer-path-server-error-toast-${viewport.width}.png`) });
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(buttonBox)}`).toBe(false);
    await context.close();
  });
});

describe('the footer', () => {
  it('is compact on a phone, and the privacy notice lives on the home page only', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${twin.current.url}/terms`);
    await waitForReact(page);
    const footer = page.locator('#support');
    const article = footer.getByRole('link', { name: 'TikTok Ad Maker' });

    expect(await page.getByRole('heading', { name: 'Privacy notice' }).count()).toBe(0);
    expect(await article.isVisible()).toBe(false);
    await footer.getByText('All 17 articles').click();
    expect(await article.isVisible()).toBe(true);
    await footer.screenshot({ path: screenshotPath('buyer-path-footer-terms-390.png') });
    await expectAccessible(page);

    await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL(`${twin.current.url}/#privacy`);
    const notice = page.getByRole('heading', { name: 'Privacy notice' });
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Privacy notice' }).count()).toBe(1);
    await page.locator('#support').screenshot({ path: screenshotPath('buyer-path-footer-home-390.png') });

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator('#support').getByRole('link', { name: 'TikTok Ad Maker' }).isVisible()).toBe(true);
    await page.locator('#support').screenshot({ path: screenshotPath('buyer-path-footer-home-1280.png') });
    await context.close();
  });
});

describe("the length's note", () => {
  it('says at once, under the field it describes, that 4 s cannot run as TikTok or YouTube Shorts ads', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context);
    const duration = page.getByLabel('Video Duration');

    await duration.selectOption('4');
    await expect
      .poll(async () => (await fieldError(page, 'Video Duration')).described, { timeout: 10_000 })
      .toContain("Can't run as TikTok ads or YouTube Shorts ads (5 seconds minimum)");
    const note = page.locator(`[id="${await duration.getAttribute('aria-describedby')}"]`);
    expect(await note.getAttribute('aria-live')).toBe('polite');
    await checkFormState(page, 'length-4s');

    await duration.selectOption('12');
    await expect
      .poll(() => note.textContent(), { timeout: 10_000 })
      .toBe('Long enough for TikTok ads, Reels, Stories, Feed, YouTube Shorts ads, and YouTube in-stream ads.');
    await context.close();
  }, 120_000);
});
