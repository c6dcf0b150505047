import { describe, expect, it } from 'vitest';
import { messages } from '#shared/contract.ts';
import { checkoutCancelOutcome, readCheckoutReturn } from '#web/features/order-form/checkout-return.ts';
import {
  adoptTypedValues,
  durationHint,
  durationOptionLabels,
  hasRequiredFields,
  initialOrderFormValues,
  missingRequiredFields,
  normalizeCouponInput,
  toCreateOrderRequest,
} from '#web/features/order-form/order-request.ts';
import { imageFileProblem } from '#web/lib/image-upload/image-checks.ts';

const fiveMegabytes = 5 * 1024 * 1024;

describe('order form values', () => {
  it('starts with the spec defaults: cinematic, 12 seconds, no image, no coupon', () => {
    expect(initialOrderFormValues).toEqual({
      website: '',
      email: '',
      style: 'cinematic',
      durationSeconds: '12',
      couponCode: '',
      image: null,
    });
  });

  it('upper-cases the coupon as it is typed', () => {
    expect(normalizeCouponInput('launch50')).toBe('LAUNCH50');
    expect(normalizeCouponInput('Free-Ad_1')).toBe('FREE-AD_1');
  });

  it('leaves an upper-case coupon and one without letters as typed', () => {
    expect(normalizeCouponInput('LAUNCH50')).toBe('LAUNCH50');
    expect(normalizeCouponInput('2025-10')).toBe('2025-10');
    expect(normalizeCouponInput('')).toBe('');
  });

  it('names the missing required fields in form order, so focus goes to the first', () => {
    expect(missingRequiredFields({ website: '', email: ' ' })).toEqual(['website', 'email']);
    expect(missingRequiredFields({ website: 'https://shop.example', email: '' })).toEqual(['email']);
    expect(missingRequiredFields({ website: 'https://shop.example', email: 'a@b.co' })).toEqual([]);
  });

  it('counts a blank website or email as missing', () => {
    expect(hasRequiredFields({ website: 'https://shop.example', email: 'a@b.co' })).toBe(true);
    expect(hasRequiredFields({ website: '   ', email: 'a@b.co' })).toBe(false);
    expect(hasRequiredFields({ website: 'https://shop.example', email: '' })).toBe(false);
  });

  it('sends nulls for no image and no coupon', () => {
    const request = toCreateOrderRequest({ ...initialOrderFormValues, website: ' shop.example ', email: 'a@b.co ' });

    expect(request).toEqual({
      website: 'shop.example',
      email: 'a@b.co',
      style: 'cinematic',
      durationSeconds: '12',
      imageFileName: null,
      imageStoragePath: null,
      couponCode: null,
    });
  });

  it('sends the uploaded image by storage path and original name, and the coupon upper-cased', () => {
    const request = toCreateOrderRequest({
      ...initialOrderFormValues,
      website: 'https://shop.example',
      email: 'a@b.co',
      style: 'ugc',
      durationSeconds: '4',
      couponCode: ' launch50 ',
      image: {
        fileName: 'Product Shot.PNG',
        storagePath: '0b7c3f5e-6d1a-4c2b-9f3e-8a1b2c3d4e5f.png',
        previewUrl: 'https://images.example/preview',
      },
    });

    expect(request).toMatchObject({
      style: 'ugc',
      durationSeconds: '4',
      imageFileName: 'Product Shot.PNG',
      imageStoragePath: '0b7c3f5e-6d1a-4c2b-9f3e-8a1b2c3d4e5f.png',
      couponCode: 'LAUNCH50',
    });
  });
});

describe('duration choices', () => {
  it('offers 4, 8 and 12 seconds', () => {
    expect(Object.keys(durationOptionLabels)).toEqual(['4', '8', '12']);
  });

  it('says under 4 seconds, as a warning, that TikTok and YouTube Shorts ads cannot run it', () => {
    expect(durationOptionLabels['4']).toBe('4 seconds');
    expect(durationHint('4')).toEqual({
      text: "Can't run as TikTok ads or YouTube Shorts ads (5 seconds minimum), or YouTube in-stream ads (10 seconds minimum). Fits Reels, Stories, and Feed.",
      warns: true,
    });
  });

  it('says under 8 seconds that only YouTube in-stream is out, and under 12 that every placement takes it', () => {
    expect(durationHint('8')).toEqual({
      text: "Can't run as YouTube in-stream ads (10 seconds minimum). Fits TikTok ads, Reels, Stories, Feed, and YouTube Shorts ads.",
      warns: true,
    });
    expect(durationHint('12')).toEqual({
      text: 'Long enough for TikTok ads, Reels, Stories, Feed, YouTube Shorts ads, and YouTube in-stream ads.',
      warns: false,
    });
    expect(durationOptionLabels['12']).toBe('12 seconds');
  });
});

describe('image checks before upload', () => {
  it('accepts jpeg, png and webp up to exactly 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(imageFileProblem({ type, size: fiveMegabytes })).toBeNull();
    }
  });

  it('refuses other types with the spec message', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toMatchObject({
      title: 'Invalid File Type',
      description: 'Please upload a valid image file (.jpeg, .png, or .webp)',
    });
  });

  it('refuses an image one byte over 5 MB with the spec message', () => {
    expect(imageFileProblem({ type: 'image/png', size: fiveMegabytes + 1 })).toMatchObject({
      title: 'File Too Large',
      description: messages.fileTooLarge,
    });
  });
});

describe('return from an abandoned checkout', () => {
  it('reads the order id from ?checkout=canceled&order_id=', () => {
    expect(readCheckoutReturn(new URLSearchParams('checkout=canceled&order_id=abc-123'))).toEqual({
      orderId: 'abc-123',
    });
  });

  it('ignores pages that are not a checkout return', () => {
    expect(readCheckoutReturn(new URLSearchParams('order_id=abc-123'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams(''))).toBeNull();
  });

  it('still reports a cancel that came without an order id', () => {
    expect(readCheckoutReturn(new URLSearchParams('checkout=canceled'))).toEqual({ orderId: null });
  });

  it('says canceled when the order was released, or when the cancel call gave no answer', () => {
    expect(checkoutCancelOutcome({ order_status: 'pending', payment_status: 'canceled' })).toBe('canceled');
    expect(checkoutCancelOutcome({ order_status: 'pending', payment_status: 'expired' })).toBe('canceled');
    expect(checkoutCancelOutcome(null)).toBe('canceled');
  });

  it('sends the buyer to the order when the payment won the race', () => {
    expect(checkoutCancelOutcome({ order_status: 'processing', payment_status: 'paid' })).toBe('already-paid');
    expect(checkoutCancelOutcome({ order_status: 'pending', payment_status: 'free' })).toBe('already-paid');
  });
});

describe('what was typed before React took the form over', () => {
  const typed = (fields: Record<string, string>) => new Map(Object.entries(fields));

  it('replaces the initial values, coupon upper-cased', () => {
    expect(
      adoptTypedValues(
        initialOrderFormValues,
        typed({ website: 'shop.example', email: 'a@b.co', style: 'ugc', durationSeconds: '8', couponCode: 'launch50' }),
      ),
    ).toEqual({
      ...initialOrderFormValues,
      website: 'shop.example',
      email: 'a@b.co',
      style: 'ugc',
      durationSeconds: '8',
      couponCode: 'LAUNCH50',
    });
  });

  it('keeps the initial values for empty fields and choices that do not exist', () => {
    expect(adoptTypedValues(initialOrderFormValues, typed({ style: 'vhs', durationSeconds: '30' }))).toEqual(
      initialOrderFormValues,
    );
  });
});
