// Buying an ad, in Chromium on a real twin: the order form with a product photo and a coupon, the
// local Checkout page in the tab the form opens (a declined card first), the tab the order was
// placed in waiting for the payment and then following the ad being made live (no reload), the
// player and the Download button, the emails. Around that walk: the form's errors where the eye is,
// a blocked payment tab, a free order, the home page's examples, the footer, and every page through
// axe. Each state is checked with axe and photographed at 390 and 1280 px
// (tests/.results/screenshots/buy-*.png and <page>-<width>.png).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '#generation/media/probe-media.ts';
import { config } from '#shared/config.ts';
import { messages, type OrderView, shortOrderId } from '#shared/contract.ts';
import { formToasts } from '#web/features/order-form/feedback.ts';
import { fieldMessages } from '#web/features/order-form/field-errors.ts';
import { writeProductPhoto } from '../integration/support/ad-fixtures.ts';
import { browserForSuite, screenshotPath, waitForReact } from '../integration/support/browser.ts';
import { mailTo } from '../integration/support/mail.ts';
import { ordersOfEmail } from '../integration/support/orders-table.ts';
import { createOrder, createPaidOrder } from '../integration/support/pay.ts';
import {
  adMadeWithinMs,
  adTestTimeoutMs,
  callApi,
  eventually,
  twinForSuite,
  uniqueEmail,
} from '../integration/support/twin.ts';
import {
  checkFormState,
  checkState,
  expectAccessible,
  fieldError,
  fillForm,
  focusedLabel,
  followStatusTitles,
  heading,
  openForm,
  submitAndOpenPayment,
} from './support/order-page.ts';

const twin = twinForSuite({ waitScale: 0.2 });
const browser = browserForSuite();
let workDir = '';
let photoPath = '';
/** A paid 4 s order made while the other tests run, for the order page of "every page". */
let completedOrder: Promise<string>;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'buy-journey-'));
  photoPath = await writeProductPhoto(workDir);
  completedOrder = createPaidOrder(twin.current, { email: uniqueEmail('pages'), durationSeconds: '4' });
  completedOrder.catch(() => undefined);
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const readOrder = async (id: string) => (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;

describe('buying an ad', () => {
  it(
    'orders with a photo and LAUNCH50, is told a declined card, pays in the other tab and follows the ad live ' +
      'in the tab it ordered from to the player, the download and the emails',
    async () => {
      const context = await browser.current.newContext({
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      const page = await openForm(context, twin.current.url);
      const email = uniqueEmail('journey');
      await page.getByLabel('Website URL').fill('https://example.com');
      await page.getByLabel('Email Address', { exact: true }).fill(email);
      await page.getByLabel('Ad Style').selectOption('ugc');
      await page.getByLabel('Video Duration').selectOption('8');
      await page.getByLabel(/^Product Image/).setInputFiles(photoPath);
      await page.getByLabel('Coupon Code (optional)').pressSequentially('launch50');
      expect(await page.getByLabel('Coupon Code (optional)').inputValue()).toBe('LAUNCH50');
      await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 20_000 }).toBe(1);

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
      // A reload or a new document would lose this mark; the router's own history bookkeeping
      // (replaceState on start) would not, and is not a reload.
      await page.evaluate(() => Object.assign(window, { journeyMark: 'still the same document' }));
      await checkState(page, 'buy-waiting');

      // The payment page: the coupon's price; a declined card is said there and leaves the order unpaid.
      await payPage.bringToFront();
      await expect.poll(() => payPage.getByText('$2.50').first().isVisible()).toBe(true);
      await payPage.getByLabel('Card number').fill('4000 0000 0000 0002');
      await payPage.getByRole('button', { name: 'Pay $2.50' }).click();
      await expect.poll(() => payPage.getByText('Your card was declined.').isVisible()).toBe(true);
      const [declined] = await ordersOfEmail(twin.current, email);
      expect(declined?.payment_status).toBe('unpaid');
      expect(declined?.execution_arn).toBeUndefined();
      await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
      await payPage.getByRole('button', { name: 'Pay $2.50' }).click();
      await payPage.waitForURL(/\/success\?order_id=/);
      expect(new URL(payPage.url()).searchParams.get('order_id')).toBe(orderId);

      // Paid in the other tab: this one becomes the live order page and follows the ad being made.
      await page.bringToFront();
      const titles = followStatusTitles(page, 'Ad Ready!', adMadeWithinMs);
      titles.catch(() => undefined);
      await expect.poll(() => heading(page, 'Payment Successful').count(), { timeout: 30_000 }).toBe(1);
      expect(await heading(page, 'Finish paying in the other tab').count()).toBe(0);
      const processing = await eventually(async () => {
        const current = await readOrder(orderId);
        return current.order_status === 'processing' && current;
      });
      expect(Object.keys(processing).sort()).toEqual(
        [
          'amount_cents',
          // The code the order was bought with: the summary says what it took off.
          'coupon_code',
          'created_at',
          'currency',
          'duration_seconds',
          'email',
          'id',
          'order_status',
          'payment_status',
          'progress',
          'stage',
          'style',
          'updated_at',
          'website',
        ].sort(),
      );
      expect(processing).toMatchObject({
        payment_status: 'paid',
        amount_cents: 250,
        coupon_code: 'LAUNCH50',
        currency: 'usd',
        style: 'ugc',
        duration_seconds: 8,
      });
      await expect.poll(() => page.getByText(/left$|^Almost done$/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await checkState(page, 'buy-paid-in-progress');

      const seen = await titles;
      expect(seen).toContain('Generating Your Ad');
      expect(seen.indexOf('Generating Your Ad')).toBeLessThan(seen.indexOf('Ad Ready!'));
      // It followed without a reload.
      expect(await page.evaluate(() => (window as { journeyMark?: string }).journeyMark)).toBe(
        'still the same document',
      );
      await checkState(page, 'buy-paid-ready');
      await expect.poll(() => page.getByText('$2.50').count()).toBeGreaterThan(0);

      // One execution of the state machine, named after the order.
      const sfn = new SFNClient({
        endpoint: twin.current.endpoints.stepFunctions,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      const execution = await eventually(async () => {
        const described = await sfn.send(
          new DescribeExecutionCommand({
            executionArn: `${String(twin.current.env.STATE_MACHINE_ARN).replace(':stateMachine:', ':execution:')}:${orderId}`,
          }),
        );
        return described.status === 'SUCCEEDED' && described;
      }, 60_000);
      expect(execution.name).toBe(orderId);
      expect(JSON.parse(execution.input ?? '{}')).toEqual({ orderId });

      // The player plays the 720x1280 ad; Download saves it as an MP4 under the order's name.
      const video = page.getByLabel('Your video ad');
      const played = await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { currentTime: element.currentTime, width: element.videoWidth, height: element.videoHeight };
      });
      expect(played.currentTime).toBeGreaterThan(0);
      expect(played).toMatchObject({ width: 720, height: 1280 });
      const downloadLink = page.getByRole('link', { name: 'Download', exact: true });
      const answer = await fetch((await downloadLink.getAttribute('href')) ?? '');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('video/mp4');
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="reelfive-ad-[0-9a-f]{8}\.mp4"$/,
      );
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(50_000);
      const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
      expect(download.suggestedFilename()).toBe(`reelfive-ad-${orderId.slice(0, 8)}.mp4`);
      const file = join(workDir, 'downloaded.mp4');
      await download.saveAs(file);
      const media = await probeMedia(file);
      expect(media.video).toMatchObject({ width: 720, height: 1280, codec: 'h264' });
      expect(media.durationSeconds).toBeCloseTo(8, 1);
      expect((await readOrder(orderId)).amount_cents).toBe(250);

      // The emails: the order confirmed, then the ad ready, each leading back to the order page.
      const mail = await eventually(async () => {
        const received = await mailTo(twin.current, email);
        return received.some((message) => message.subject.includes('ad is ready')) && received;
      });
      const short = shortOrderId(orderId);
      expect(mail.map((message) => message.subject)).toEqual(
        expect.arrayContaining([
          `Your ${config.brand.name} order is confirmed (${short})`,
          `Your ${config.brand.name} ad is ready (${short})`,
        ]),
      );
      const ready = mail.find((message) => message.subject.includes('ad is ready'));
      // The website as the order stored it, normalised with its path.
      expect(ready?.text).toContain('Your ad for https://example.com/ is ready to watch and download.');
      expect(ready?.text).toContain(`/success?order_id=${orderId}`);

      // The way on: another order starts from an empty form.
      await page.getByRole('link', { name: 'Order another ad' }).click();
      await page.waitForURL(`${twin.current.url}/#pricing`);
      await expect.poll(() => page.getByLabel('Website URL').inputValue(), { timeout: 10_000 }).toBe('');
      await context.close();
    },
    adTestTimeoutMs,
  );
});

describe('paying', () => {
  it('offers the payment page as a link when the tab is blocked, at the full price, and this tab follows the order', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // What a popup blocker does to window.open.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${twin.current.url}/#pricing`);
    await waitForReact(page);
    await fillForm(page, photoPath);

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();
    const link = page.getByRole('link', { name: 'Open the secure payment page' });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const [payPage] = await Promise.all([context.waitForEvent('page'), link.click()]);

    await page.waitForURL(/\/success\?order_id=/);
    expect(payPage.url()).toContain('/_local/pay/');
    await expect.poll(() => heading(page, 'Finish paying in the other tab').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('link', { name: /Go to the payment page/ }).getAttribute('href')).toBe(payPage.url());
    // Without a coupon the payment page asks the whole $5.00.
    await payPage.waitForLoadState();
    expect(await payPage.getByText('$5.00').first().isVisible()).toBe(true);
    expect(await payPage.getByRole('button', { name: 'Pay $5.00' }).count()).toBe(1);
    await context.close();
  });

  it('completes a FREEAD order without asking for a card', async () => {
    const page = await browser.current.newPage();

    await page.goto(await createOrder(twin.current, { couponCode: 'freead', durationSeconds: '4' }));
    const cardFields = await page.getByLabel('Card number').count();
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL(/\/success\?order_id=/);
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    const order = await eventually(async () => {
      const current = await readOrder(orderId);
      return current.payment_status === 'free' && current;
    });

    expect(cardFields).toBe(0);
    expect(order.amount_cents).toBe(0);
    await eventually(async () => (await readOrder(orderId)).order_status === 'processing');
    await page.close();
  });
});

describe('errors where the eye is', () => {
  it('"not a website" is one clear message at the website field, with focus there, and nothing is sent', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context, twin.current.url);
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/orders')) requests += 1;
    });
    await fillForm(page, photoPath, { website: 'not a website' });

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
    await checkFormState(page, 'buy-website-error');

    // Typing a real address takes the error away.
    await page.getByLabel('Website URL').fill('https://example.com');
    expect((await fieldError(page, 'Website URL')).invalid).toBeNull();
    await context.close();
  });

  it('a website on another port: the API refuses it, and its message is at the website field with focus there', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context, twin.current.url);
    await fillForm(page, photoPath, { website: 'https://shop.example:6379/' });

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
    await page.screenshot({ path: screenshotPath('buy-website-port-toast-390.png') });
    await checkFormState(page, 'buy-website-port');
    await context.close();
  });

  it('missing fields: the spec toast, each empty field marked, and focus on the first', async () => {
    const context = await browser.current.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openForm(context, twin.current.url);

    await page.getByRole('button', { name: 'Generate My Ad for $5' }).click();

    const region = page.getByRole('region', { name: /Notifications/ });
    await expect
      .poll(() => region.getByText(formToasts.missingInformation.title, { exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await fieldError(page, 'Website URL')).toMatchObject({ invalid: 'true' });
    expect(await fieldError(page, 'Email Address')).toMatchObject({ invalid: 'true' });
    expect((await fieldError(page, 'Email Address')).described).toContain(fieldMessages.emailMissing);
    expect(await focusedLabel(page)).toBe('Website URL');
    await checkFormState(page, 'buy-missing-fields');
    await context.close();
  });

  it('a refused coupon: the spec toast, and the message at the emptied coupon field with focus there', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context, twin.current.url);
    await fillForm(page, photoPath);
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
    await page.screenshot({ path: screenshotPath('buy-coupon-error-toast-390.png') });
    await checkFormState(page, 'buy-coupon-error');
    await context.close();
  });

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('at $width px no toast covers the order button', async (viewport) => {
    const context = await browser.current.newContext({ viewport });
    const page = await openForm(context, twin.current.url);
    await fillForm(page, photoPath);
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
    await page.screenshot({ path: screenshotPath(`buy-server-error-toast-${viewport.width}.png`) });
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(buttonBox)}`).toBe(false);
    await context.close();
  });

  it('the length’s note says at once, under the field it describes, that 4 s cannot run as TikTok or YouTube Shorts ads', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openForm(context, twin.current.url);
    const duration = page.getByLabel('Video Duration');

    await duration.selectOption('4');
    await expect
      .poll(async () => (await fieldError(page, 'Video Duration')).described, { timeout: 10_000 })
      .toContain("Can't run as TikTok ads or YouTube Shorts ads (5 seconds minimum)");
    const note = page.locator(`[id="${await duration.getAttribute('aria-describedby')}"]`);
    expect(await note.getAttribute('aria-live')).toBe('polite');
    await checkFormState(page, 'buy-length-4s');

    await duration.selectOption('12');
    await expect
      .poll(() => note.textContent(), { timeout: 10_000 })
      .toBe('Long enough for TikTok ads, Reels, Stories, Feed, YouTube Shorts ads, and YouTube in-stream ads.');
    await context.close();
  }, 120_000);
});

describe('the home page', () => {
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

  it('has a compact footer on a phone, and the privacy notice lives on the home page only', async () => {
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
    await footer.screenshot({ path: screenshotPath('buy-footer-terms-390.png') });
    await expectAccessible(page);

    await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL(`${twin.current.url}/#privacy`);
    const notice = page.getByRole('heading', { name: 'Privacy notice' });
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Privacy notice' }).count()).toBe(1);
    await page.locator('#support').screenshot({ path: screenshotPath('buy-footer-home-390.png') });

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator('#support').getByRole('link', { name: 'TikTok Ad Maker' }).isVisible()).toBe(true);
    await page.locator('#support').screenshot({ path: screenshotPath('buy-footer-home-1280.png') });
    await context.close();
  });
});

describe('every page', () => {
  let completedId = '';
  beforeAll(async () => {
    completedId = await completedOrder;
    await eventually(async () => (await readOrder(completedId)).order_status === 'completed', adMadeWithinMs);
  }, adTestTimeoutMs);

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
