import { describe, expect, it } from 'vitest';
import { adDurations, displayedOrderStatus, durationChoices, messages, shortOrderId } from '#shared/contract.ts';
import { createOrderRequestSchema } from '#shared/create-order-request.ts';
import { previewRequestSchema } from '#shared/preview-request.ts';

const valid = { website: 'https://example.com', email: 'buyer@example.com' };

describe('create-order request schema', () => {
  it('fills the spec defaults: cinematic, 12 seconds, no image, no coupon', () => {
    const parsed = createOrderRequestSchema.parse(valid);

    expect(parsed).toEqual({
      website: 'https://example.com/',
      email: 'buyer@example.com',
      style: 'cinematic',
      durationSeconds: 12,
      imageFileName: null,
      imageStoragePath: null,
      couponCode: null,
    });
  });

  it("reads the form's length, a string, into the number every later step carries, and refuses any other", () => {
    const lengthOf = (durationSeconds: unknown) => createOrderRequestSchema.parse({ ...valid, durationSeconds });
    const previewLengthOf = (durationSeconds: unknown) =>
      previewRequestSchema.parse({ ...valid, style: 'ugc', durationSeconds, imageStoragePath: null });

    expect(durationChoices.map((choice) => lengthOf(choice).durationSeconds)).toEqual([...adDurations]);
    expect(durationChoices.map((choice) => previewLengthOf(choice).durationSeconds)).toEqual([...adDurations]);
    for (const durationSeconds of [8, '6', '08', '']) {
      expect(createOrderRequestSchema.safeParse({ ...valid, durationSeconds }).success, String(durationSeconds)).toBe(
        false,
      );
    }
  });

  it('upper-cases the coupon and turns empty strings into null', () => {
    const parsed = createOrderRequestSchema.parse({ ...valid, couponCode: ' launch50 ', imageFileName: '' });

    expect(parsed.couponCode).toBe('LAUNCH50');
    expect(parsed.imageFileName).toBeNull();
  });

  it('adds https:// to a bare domain as the buyer typed it', () => {
    expect(createOrderRequestSchema.parse({ ...valid, website: 'shop.example.com/sale' }).website).toBe(
      'https://shop.example.com/sale',
    );
  });

  it('refuses a public website named by its address, in every form, with its own message', () => {
    for (const website of [
      'http://93.184.216.34/',
      '93.184.216.34/shop',
      'http://134744072/',
      'https://[2606:2800:220:1:248:1893:25c8:1946]/',
    ]) {
      const result = createOrderRequestSchema.safeParse({ ...valid, website });

      expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.websiteIsAnAddress]);
    }
  });

  it('refuses a public website on another port with its own message, and takes its own port written out', () => {
    for (const website of ['https://shop.example:6379/', 'http://shop.example:8080/x', 'https://93.184.216.34:22/']) {
      const result = createOrderRequestSchema.safeParse({ ...valid, website });

      expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.websiteOnAnotherPort]);
    }
    expect(createOrderRequestSchema.parse({ ...valid, website: 'https://shop.example:443/a' }).website).toBe(
      'https://shop.example/a',
    );
  });

  it('drops fields it does not know', () => {
    const parsed = createOrderRequestSchema.parse({ ...valid, amount_cents: 1, order_status: 'completed' });

    expect(parsed).not.toHaveProperty('amount_cents');
    expect(parsed).not.toHaveProperty('order_status');
  });

  it('answers the spec message when website or email is missing', () => {
    const result = createOrderRequestSchema.safeParse({ email: 'buyer@example.com' });

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.missingInformation);
  });
});

describe('small strings of the contract', () => {
  it('shows an unknown order status as pending', () => {
    expect(displayedOrderStatus('refund_pending')).toBe('pending');
    expect(displayedOrderStatus(undefined)).toBe('pending');
    expect(displayedOrderStatus('completed')).toBe('completed');
  });

  it('shortens an order id to 8 characters and an ellipsis', () => {
    expect(shortOrderId('3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f')).toBe('3f1c1d2e...');
  });
});
