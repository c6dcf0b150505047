// The engine never makes an ad of a business's name alone (docs/spec-deviations.md): the storyboard
// step refuses a site it could not read when the order has no photo, with the error the state
// machine's failure path refunds (UnreadableSite), and writes the ad when the photo is there; the
// buyer's failure email then says why.
import { describe, expect, it } from 'vitest';
import { unreadableSiteError } from '#generation/step-errors.ts';
import { writeStoryboard } from '#generation/storyboard/write-storyboard.ts';
import { renderOrderEmail } from '#notifications/order-email-templates.ts';
import { unreachableSite } from '#tests/unit/fixtures/sites.ts';

describe('the storyboard step and a site it could not read', () => {
  it('refuses to write the ad without a photo', async () => {
    const written = writeStoryboard({ site: unreachableSite, order: { style: 'cinematic', durationSeconds: 8 } });

    await expect(written).rejects.toMatchObject({ name: unreadableSiteError });
  });

  it('writes it from the photo when there is one', async () => {
    const { storyboard } = await writeStoryboard({
      site: unreachableSite,
      order: { style: 'cinematic', durationSeconds: 8, uploadKey: '0f8fad5b-d9cb-469f-a165-70867728950e.jpg' },
    });

    expect(storyboard.assets).toContainEqual(expect.objectContaining({ source: 'upload' }));
  });
});

describe('the failure email of an order whose site could not be read and had no photo', () => {
  const order = {
    id: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19',
    email: 'buyer@example.com',
    website: 'https://closedbakery.example/',
    style: 'cinematic',
    duration_seconds: 8,
    payment_status: 'refunded',
    amount_cents: 500,
    currency: 'usd',
    created_at: '2026-11-28T00:42:10.000Z',
    failure_reason: `${unreadableSiteError}: request failed (ECONNREFUSED)`,
  } as const;

  it('says in plain words that the site could not be read, there was no photo, and the payment was refunded', () => {
    const email = renderOrderEmail('failed', order, { siteUrl: 'https://reelfive.example', deliverySeconds: 60 });

    expect(email.subject).toBe('We did not make your ReelFive ad (3f1c2b7a...)');
    expect(email.text).toContain(
      'We could not read your website, https://closedbakery.example/, when we came to make your ad, and your order had no product photo.',
    );
    expect(email.text).toContain('Your payment of $5.00 has been refunded.');
    expect(email.text).toContain('order again with a product photo');
    expect(email.text).not.toContain('ECONNREFUSED');
    expect(email.text).not.toContain('something went wrong');
  });
});
