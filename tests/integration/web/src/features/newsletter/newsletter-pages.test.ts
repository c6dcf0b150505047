// The newsletter in Chromium on a real twin: the footer's box signs up by keyboard and reads the
// outcome out, and the email's links open pages whose buttons act, then say what happened.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '#local/ses/outbox.ts';
import { apiMessages, messages } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { browserForSuite, waitForReact } from '../../../../support/browser.ts';
import { eventually, twinForSuite, uniqueEmail } from '../../../../support/twin.ts';

const twin = twinForSuite();
const browser = browserForSuite();

async function confirmLinkMailedTo(email: string): Promise<string> {
  return eventually(async () => {
    const [message] = (await twin.current.outbox.listMessages()).filter((sent) => sent.to.includes(email));
    if (!message) return undefined;
    const { text } = decodeMessage(await twin.current.outbox.readMessage(message.id));
    return text?.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
  });
}

describe('the newsletter box', () => {
  it('signs up with the keyboard alone and announces the answer', async () => {
    const page = await browser.current.newPage();
    await page.goto(twin.current.url);
    const box = page.getByRole('form', { name: 'Get video ad tips by email' });
    await waitForReact(page);
    const email = uniqueEmail('footer');

    await box.getByLabel('Email address').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect
      .poll(() => box.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe(apiMessages.newsletterCheckInbox);
    expect(await box.getByLabel('Email address').inputValue()).toBe('');
    expect(await confirmLinkMailedTo(email)).toContain(`${paths.newsletterConfirm}?token=`);
    await page.close();
  });

  it('says what is wrong with an address before sending it', async () => {
    const page = await browser.current.newPage();
    await page.goto(twin.current.url);
    const box = page.getByRole('form', { name: 'Get video ad tips by email' });
    await waitForReact(page);

    await box.getByLabel('Email address').fill('not-an-email');
    await box.getByRole('button', { name: 'Subscribe' }).click();

    await expect.poll(() => box.getByRole('status').textContent(), { timeout: 15_000 }).toBe(messages.invalidEmail);
    expect(await box.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });
});

describe('the pages the links land on', () => {
  it('the confirm link opens a page whose button confirms, ending on “You are subscribed”; both pages pass axe', async () => {
    const email = uniqueEmail('landing');
    await fetch(`${twin.current.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    // A page of its own context: axe needs one to inspect frames.
    const context = await browser.current.newContext();
    const page = await context.newPage();

    await page.goto(await confirmLinkMailedTo(email));
    const button = page.getByRole('button', { name: 'Confirm my subscription' });
    await waitForReact(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your subscription');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await button.click();

    await page.waitForURL((url) => url.pathname === paths.newsletterConfirmed, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are subscribed');
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe(paths.home);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await context.close();
  });

  it('an unknown unsubscribe link opens its page, and its button ends on “This link does not work”', async () => {
    const page = await browser.current.newPage();

    await page.goto(`${twin.current.url}/api/newsletter/unsubscribe?token=${'B'.repeat(43)}`);
    expect(new URL(page.url()).pathname).toBe(paths.newsletterUnsubscribe);
    await waitForReact(page);
    await page.getByRole('button', { name: 'Remove my email address' }).click();

    await page.waitForURL((url) => url.pathname === paths.newsletterUnsubscribed, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('status')).toBe('invalid');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('This link does not work');
    await page.close();
  });
});
