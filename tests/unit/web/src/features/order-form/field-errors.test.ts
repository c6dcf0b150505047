// Every problem of the order form also at its field, in the API's words where the
// API said it; a mistyped website is one clear message, never "missing information".
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/contract.ts';
import { feedbackForOrderResult } from '#web/features/order-form/feedback.ts';
import {
  fieldErrorOfRefusal,
  fieldErrorsOf,
  fieldMessages,
  firstInvalidField,
  looksLikeWebsite,
} from '#web/features/order-form/field-errors.ts';

describe('checking the form before sending', () => {
  it('names each missing field', () => {
    expect(fieldErrorsOf({ website: ' ', email: '' })).toEqual({
      website: fieldMessages.websiteMissing,
      email: fieldMessages.emailMissing,
    });
  });

  it('says "not a website" is not a website address, and nothing about missing information', () => {
    const errors = fieldErrorsOf({ website: 'not a website', email: 'buyer@example.com' });

    expect(errors).toEqual({ website: messages.invalidWebsite });
  });

  it('takes a bare domain and http(s) addresses, and refuses other schemes and dotless hosts', () => {
    for (const good of ['example.com', 'https://shop.example.co.uk/p?x=1', 'http://example.com']) {
      expect(looksLikeWebsite(good)).toBe(true);
    }
    for (const bad of ['not a website', 'ftp://example.com', 'javascript:alert(1)', 'localhost', 'https://x', '']) {
      expect(looksLikeWebsite(bad)).toBe(false);
    }
  });

  it('refuses an email without a dotted domain', () => {
    expect(fieldErrorsOf({ website: 'example.com', email: 'buyer@localhost' })).toEqual({
      email: messages.invalidEmail,
    });
    expect(fieldErrorsOf({ website: 'example.com', email: 'buyer@example.com' })).toEqual({});
  });

  it('asks for the photo when the preview could not read the site, and only then', () => {
    const order = { website: 'closedshop.example', email: 'buyer@example.com', image: null };
    const photo = { fileName: 'p.jpg', storagePath: 'k.jpg', previewUrl: 'https://s3/k.jpg' };

    expect(fieldErrorsOf(order, { photoRequired: true })).toEqual({ image: messages.photoRequired });
    expect(fieldErrorsOf({ ...order, image: photo }, { photoRequired: true })).toEqual({});
    expect(fieldErrorsOf(order)).toEqual({});
  });

  it("puts the API's refusal of a photo-less order at the photo field", () => {
    expect(fieldErrorOfRefusal(messages.photoRequired, 'VALIDATION')).toEqual({
      field: 'image',
      message: messages.photoRequired,
    });
  });

  it('focuses the first wrong field in form order', () => {
    expect(firstInvalidField({ email: 'x', website: 'y' })).toBe('website');
    expect(firstInvalidField({ couponCode: 'x', email: 'y' })).toBe('email');
    expect(firstInvalidField({})).toBeNull();
  });
});

describe('refusals written at their field', () => {
  it('puts the API’s website and email refusals at those fields', () => {
    expect(fieldErrorOfRefusal(messages.invalidWebsite, 'VALIDATION')).toEqual({
      field: 'website',
      message: messages.invalidWebsite,
    });
    expect(fieldErrorOfRefusal(messages.invalidEmail, 'VALIDATION')).toEqual({
      field: 'email',
      message: messages.invalidEmail,
    });
    expect(fieldErrorOfRefusal(messages.websiteIsAnAddress, 'VALIDATION')).toEqual({
      field: 'website',
      message: messages.websiteIsAnAddress,
    });
    expect(fieldErrorOfRefusal(messages.websiteOnAnotherPort, 'VALIDATION')).toEqual({
      field: 'website',
      message: messages.websiteOnAnotherPort,
    });
    expect(fieldErrorOfRefusal(messages.rateLimit, 'RATE_LIMIT')).toBeNull();
  });

  it('keeps the spec toast and puts the refused coupon at the coupon field', () => {
    const feedback = feedbackForOrderResult(
      { kind: 'rejected', error: messages.invalidCoupon('NOPE'), errorCode: 'INVALID_COUPON' },
      'NOPE',
    );

    expect(feedback.toast.title).toBe('Invalid Coupon Code');
    expect(feedback.fieldError).toEqual({ field: 'couponCode', message: messages.invalidCoupon('NOPE') });
  });

  it('keeps the spec toast for a website the API refused, and writes it at the field too', () => {
    const feedback = feedbackForOrderResult(
      { kind: 'rejected', error: messages.invalidWebsite, errorCode: 'VALIDATION' },
      null,
    );

    expect(feedback.toast).toEqual({
      title: 'Unable to Process Payment',
      description: messages.invalidWebsite,
      tone: 'error',
    });
    expect(feedback.fieldError).toEqual({ field: 'website', message: messages.invalidWebsite });
  });
});
