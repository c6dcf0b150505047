// The free revision's emails (notifications/revision-email-templates.ts): the offer in the ready
// email, and version 2's outcome, saying what was done and, plainly, what was not.
import { describe, expect, it } from 'vitest';
import { type OrderEmailFacts, renderOrderEmail } from '#notifications/order-email-templates.ts';
import { revisionLimits } from '#shared/revision.ts';
import { emailOrder, emailOrderId } from '#tests/unit/support/email-orders.ts';

const orderId = emailOrderId;
const siteUrl = 'https://reelfive.example';
const orderPage = `${siteUrl}/success?order_id=${orderId}`;
const order = emailOrder({
  revision_requests: ['price', 'hook'],
  revision_beyond: ['add confetti'],
  revision_not_done: ['say the price: your website shows no price for the product'],
});
const render = (kind: 'ready' | 'revision_ready' | 'revision_failed', facts: OrderEmailFacts = order) =>
  renderOrderEmail(kind, facts, { siteUrl, deliverySeconds: 60 });

describe('the revision emails', () => {
  it('offers the free revision in the ready email, linking the form on the order page', () => {
    const email = render('ready');

    expect(email.text).toContain(`one free revision within ${revisionLimits.windowDays} days`);
    expect(email.text).toContain('It keeps the website, the length, the style.');
    expect(email.text).toContain(`Ask for your free revision: ${orderPage}#revision`);
  });

  it('says what version 2 did, what it could not and what was beyond the template writer', () => {
    const email = render('revision_ready');

    expect(email.subject).toBe('Your revised ReelFive ad is ready');
    expect(email.text).toContain('You asked us to: say the price; open with another hook');
    expect(email.text).toContain(
      'What we could not change: say the price: your website shows no price for the product; “add confetti”: beyond what our writer can do.',
    );
    expect(email.text).toContain('your delivery pack stays as it was made for version 1');
  });

  it('does not call the free text beyond the writer when Bedrock took it', () => {
    const email = render('revision_ready', { ...order, revision_writer: 'bedrock', revision_not_done: [] });

    expect(email.text).not.toContain('What we could not change');
  });

  it('tells the buyer a failed revision keeps version 1 and costs nothing', () => {
    const email = render('revision_failed', { ...order, revision_beyond: ['<b>add confetti</b>'] });

    expect(email.subject).toBe('We could not make your ReelFive revision');
    expect(email.text).toContain('Version 1 is still yours to download and use, unchanged');
    expect(email.text).toContain('there is nothing to refund');
    // The buyer's words are shown as text, never as markup.
    expect(email.html).toContain('“&lt;b&gt;add confetti&lt;/b&gt;”');
    expect(email.html).not.toContain('<b>add confetti');
  });
});
