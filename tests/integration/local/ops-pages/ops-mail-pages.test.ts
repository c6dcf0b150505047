// The twin's ops pages (docs/twin.md) on a phone and the mail outbox as a reader sees each email —
// its headers, the HTML in a sandboxed frame (no scripts) with its inline poster, and the text —
// checked with axe and photographed at 390 and 1280 px (tests/.results/screenshots/ops-*.png).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/contract.ts';
import { browserForSuite, screenshotPath } from '../../support/browser.ts';
import { createPaidOrder } from '../../support/pay.ts';
import { callApi, eventually, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const require = createRequire(import.meta.url);
const twin = twinForSuite({ waitScale: 0.2 });
const browser = browserForSuite();
let orderId = '';

beforeAll(async () => {
  orderId = await createPaidOrder(twin.current, { email: uniqueEmail('ops'), durationSeconds: '4' });
  await eventually(
    async () =>
      (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body.order_status === 'completed',
    90_000,
  );
  // The ready email goes out as the order completes.
  await eventually(async () => (await twin.current.outbox.listMessages()).length >= 2, 30_000);
}, 150_000);

async function openAt(width: number, path: string): Promise<Page> {
  const context = await browser.current.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  // A missing element fails with its locator named, not with the test's timeout.
  page.setDefaultTimeout(15_000);
  const response = await page.goto(`${twin.current.url}${path}`);
  expect(response?.status()).toBe(200);
  return page;
}

/**
 * axe over the page itself. The mail page's frame runs no scripts (its sandbox), and
 * AxeBuilder injects axe into every frame and waits on that one for ever, so there axe-core
 * runs in the main frame only: the email's HTML is the product's email, not this page.
 */
async function axeViolations(page: Page, mainFrameOnly: boolean): Promise<string[]> {
  if (!mainFrameOnly) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.map((violation) => `${violation.id}: ${violation.help}`);
  }
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, { iframes: false });
    return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
  });
}

async function checkPage(page: Page, name: string, width: number, mainFrameOnly = false): Promise<void> {
  expect(await axeViolations(page, mainFrameOnly)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.screenshot({ path: screenshotPath(`ops-${name}-${width}.png`), fullPage: true });
}

describe('the ops pages', () => {
  it.each([
    ['orders', '/_local/orders'],
    ['executions', '/_local/executions'],
    ['mail', '/_local/mail'],
    ['execution', () => `/_local/executions/${orderId}`],
  ] as const)('%s does not scroll sideways at 390 px and has no axe violations', async (name, path) => {
    for (const width of [390, 1280]) {
      const page = await openAt(width, typeof path === 'function' ? path() : path);
      await checkPage(page, name, width);
      await page.context().close();
    }
  });
});

describe('one email in the outbox', () => {
  it('shows the headers, the HTML sandboxed with its inline poster, the text, and the raw .eml', async () => {
    const messages = await twin.current.outbox.listMessages();
    const ready = messages.find((message) => /is ready/.test(message.subject));
    if (!ready) throw new Error(`no ready email among ${messages.map((message) => message.subject).join(', ')}`);

    for (const width of [390, 1280]) {
      const page = await openAt(width, `/_local/mail/${encodeURIComponent(ready.id)}`);
      await checkPage(page, 'mail-message', width, true);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ready.subject);
      // The headers table, a row per header (on a phone each cell also reads its column's name).
      expect(
        await page
          .getByRole('row', { name: /subject/ })
          .first()
          .textContent(),
      ).toContain(ready.subject);
      expect(await page.getByRole('row', { name: /message-id/ }).count()).toBe(1);
      const frameElement = page.getByTitle("The email's HTML");
      expect(await frameElement.getAttribute('sandbox')).not.toContain('allow-scripts');
      const frame = page.frameLocator('iframe[title="The email\'s HTML"]');
      await expect
        .poll(() => frame.getByRole('heading', { name: 'Your video ad is ready!' }).count(), { timeout: 10_000 })
        .toBe(1);
      const poster = frame.getByRole('img', { name: 'The first frame of your ad' });
      await expect
        .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(await page.locator('pre').first().textContent()).toContain(`Order ID: ${orderId}`);
      // Again, now that the frame has drawn the email and its poster (scrolled to it: Chromium
      // leaves an off-screen frame blank in a full-page capture).
      await frameElement.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`ops-mail-message-${width}.png`), fullPage: true });
      await frameElement.screenshot({ path: screenshotPath(`ops-mail-message-frame-${width}.png`) });
      await page.context().close();
    }

    const raw = await fetch(`${twin.current.url}/_local/mail/${encodeURIComponent(ready.id)}/raw`);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toContain(`Subject: `);
  }, 120_000);

  it('the received email carries the receipt and the whole order id', async () => {
    const received = (await twin.current.outbox.listMessages()).find((message) => /confirmed/.test(message.subject));
    if (!received) throw new Error('no received email');
    const page = await openAt(1280, `/_local/mail/${encodeURIComponent(received.id)}`);
    const text = (await page.locator('pre').first().textContent()) ?? '';

    expect(text).toContain(`Order ID: ${orderId}`);
    expect(text).toMatch(/Date: \d{1,2} \w+ \d{4}, \d\d:\d\d UTC/);
    expect(text).toContain('Charged: $5.00');
    await page.screenshot({ path: screenshotPath('ops-mail-received-1280.png'), fullPage: true });
    await page.context().close();
  });

  it('answers 404 for an unknown email or part', async () => {
    expect((await fetch(`${twin.current.url}/_local/mail/no-such-message`)).status).toBe(404);
    const [first] = await twin.current.outbox.listMessages();
    expect((await fetch(`${twin.current.url}/_local/mail/${first?.id}/part/99`)).status).toBe(404);
    expect((await fetch(`${twin.current.url}/_local/mail/${first?.id}/nothing`)).status).toBe(404);
  });
});
