import { describe, expect, it } from 'vitest';
import { apiMessages, messages } from '#shared/contract.ts';
import { type CreateOrderResult, readCreateOrderAnswer } from '#web/features/order-form/api/create-order.ts';
import { feedbackForOrderResult, formToasts } from '#web/features/order-form/feedback.ts';

const answer = (status: number, body: unknown) => ({ status, ok: status >= 200 && status < 300, body });
const orderId = '0b7e4f3a-5c1d-4e2f-9a8b-1c2d3e4f5a6b';

describe('reading the create-order answer', () => {
  it('takes a checkout url and the order it pays', () => {
    expect(readCreateOrderAnswer(answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_1', orderId }))).toEqual({
      kind: 'checkout',
      url: 'https://checkout.stripe.com/c/pay/cs_1',
      orderId,
    });
  });

  it('takes the error and errorCode of a refusal', () => {
    const result = readCreateOrderAnswer(answer(429, { error: messages.rateLimit, errorCode: 'RATE_LIMIT' }));

    expect(result).toEqual({ kind: 'rejected', error: messages.rateLimit, errorCode: 'RATE_LIMIT' });
  });

  it('keeps the message of an errorCode this build does not know', () => {
    const result = readCreateOrderAnswer(answer(400, { error: 'Something new', errorCode: 'BRAND_NEW' }));

    expect(result).toEqual({ kind: 'rejected', error: 'Something new', errorCode: 'BRAND_NEW' });
  });

  it('treats a failed status without a JSON body as a refusal with no message', () => {
    expect(readCreateOrderAnswer(answer(502, undefined))).toEqual({ kind: 'rejected', error: null, errorCode: null });
  });

  it('refuses a payment url that is not a web address', () => {
    expect(readCreateOrderAnswer(answer(200, { url: 'javascript:alert(1)', orderId }))).toEqual({ kind: 'unexpected' });
    expect(readCreateOrderAnswer(answer(200, { url: 'http://localhost:3000/_local/pay/cs_1', orderId }))).toMatchObject(
      {
        kind: 'checkout',
      },
    );
  });

  it('calls a success with neither url nor error unexpected', () => {
    expect(readCreateOrderAnswer(answer(200, {}))).toEqual({ kind: 'unexpected' });
    expect(readCreateOrderAnswer(answer(200, { url: 'not a url', orderId }))).toEqual({ kind: 'unexpected' });
    expect(readCreateOrderAnswer(answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_1' }))).toEqual({
      kind: 'unexpected',
    });
    expect(readCreateOrderAnswer(answer(200, undefined))).toEqual({ kind: 'unexpected' });
  });
});

describe('what the buyer is told after submitting', () => {
  const rejected = (error: string | null, errorCode: string | null): CreateOrderResult => ({
    kind: 'rejected',
    error,
    errorCode,
  });

  it('opens the payment page and says so', () => {
    const feedback = feedbackForOrderResult({ kind: 'checkout', url: 'https://pay.example/s', orderId }, null);

    expect(feedback.checkout).toEqual({ url: 'https://pay.example/s', orderId });
    expect(feedback.toast).toMatchObject({ title: 'Success', description: 'Opening payment page in a new tab...' });
  });

  it('shows the rate limit in the spec words', () => {
    expect(feedbackForOrderResult(rejected('whatever', 'RATE_LIMIT'), null).toast).toMatchObject({
      title: 'Rate Limit Reached',
      description:
        "You've reached the maximum of 3 active orders within 24 hours. Please wait for existing orders to complete.",
    });
  });

  it('names the invalid coupon and clears the field', () => {
    const feedback = feedbackForOrderResult(rejected('Invalid coupon', 'INVALID_COUPON'), 'NOPE10');

    expect(feedback.clearCoupon).toBe(true);
    expect(feedback.toast).toMatchObject({
      title: 'Invalid Coupon Code',
      description: "The coupon code 'NOPE10' is not valid. Please check and try again, or proceed without a coupon.",
    });
  });

  it("tells a buyer whose mailbox has used a free code so, in the API's words", () => {
    const feedback = feedbackForOrderResult(
      rejected(messages.freeCouponAlreadyUsed('FREEAD'), 'INVALID_COUPON'),
      'FREEAD',
    );

    expect(feedback.clearCoupon).toBe(true);
    expect(feedback.toast).toMatchObject({
      title: 'Invalid Coupon Code',
      description: messages.freeCouponAlreadyUsed('FREEAD'),
    });
  });

  it('passes any other server message through', () => {
    const feedback = feedbackForOrderResult(rejected(messages.invalidWebsite, 'VALIDATION'), null);

    expect(feedback.toast).toMatchObject({ title: 'Unable to Process Payment', description: messages.invalidWebsite });
    expect(feedback.clearCoupon).toBeUndefined();
  });

  it('falls back to the spec message when the server gave none', () => {
    expect(feedbackForOrderResult(rejected(null, null), null).toast).toMatchObject({
      title: 'Unable to Process Payment',
      description: 'We encountered an issue processing your payment. Please try again.',
    });
  });

  it('reports a transport failure as a connection error', () => {
    expect(feedbackForOrderResult({ kind: 'offline' }, null).toast).toEqual(formToasts.connectionError);
    expect(formToasts.connectionError.description).toBe(
      'Unable to connect to payment service. Please check your internet connection and try again.',
    );
  });

  it('reports an answer with neither url nor error as unexpected', () => {
    expect(feedbackForOrderResult({ kind: 'unexpected' }, null).toast).toMatchObject({
      title: 'Unexpected Error',
      description: 'Received an unexpected response. Please try again or contact support.',
    });
  });

  it('reports a thrown exception as something that went wrong', () => {
    expect(feedbackForOrderResult({ kind: 'exception' }, 'LAUNCH50')).toEqual({
      toast: {
        title: 'Unexpected Error',
        description: 'Something went wrong. Please try again or contact support if the problem persists.',
        tone: 'error',
      },
    });
  });

  it('keeps the coupon on every outcome but an invalid coupon', () => {
    const outcomes = [
      { kind: 'checkout', url: 'https://pay.example/s', orderId },
      { kind: 'offline' },
      { kind: 'unexpected' },
      { kind: 'exception' },
      rejected(messages.rateLimit, 'RATE_LIMIT'),
      rejected(messages.paymentFailed, 'INTERNAL'),
    ] as const;

    for (const outcome of outcomes) expect(feedbackForOrderResult(outcome, 'LAUNCH50').clearCoupon).toBeUndefined();
  });

  it('opens nothing unless the answer was a checkout url', () => {
    for (const outcome of [{ kind: 'offline' }, { kind: 'unexpected' }, { kind: 'exception' }] as const) {
      expect(feedbackForOrderResult(outcome, null).checkout).toBeUndefined();
    }
  });

  it('shows the server message of each of our own errorCodes', () => {
    const ours = [
      [messages.invalidEmail, 'VALIDATION'],
      [apiMessages.uploadMissing, 'UPLOAD_INVALID'],
      [apiMessages.tooManyRequests, 'TOO_MANY_REQUESTS'],
      [messages.paymentFailed, 'INTERNAL'],
    ] as const;

    for (const [error, errorCode] of ours) {
      expect(feedbackForOrderResult(rejected(error, errorCode), null).toast).toEqual({
        title: 'Unable to Process Payment',
        description: error,
        tone: 'error',
      });
    }
  });

  it('shows errors as errors and the opened payment page as a success', () => {
    expect(feedbackForOrderResult({ kind: 'checkout', url: 'https://pay.example/s', orderId }, null).toast.tone).toBe(
      'success',
    );
    expect(feedbackForOrderResult(rejected(null, 'RATE_LIMIT'), null).toast.tone).toBe('error');
    expect(feedbackForOrderResult({ kind: 'offline' }, null).toast.tone).toBe('error');
  });
});

// docs/product.md "Validation and messages", row by row, as "Title: message" exactly as the catalogue prints it.
describe('the spec error catalogue', () => {
  const line = (toast: { title: string; description?: string }) => `${toast.title}: ${toast.description}`;
  const rejected = (error: string | null, errorCode: string | null): CreateOrderResult => ({
    kind: 'rejected',
    error,
    errorCode,
  });

  it.each([
    [
      'errorCode RATE_LIMIT',
      feedbackForOrderResult(rejected('any', 'RATE_LIMIT'), null).toast,
      "Rate Limit Reached: You've reached the maximum of 3 active orders within 24 hours. Please wait for existing orders to complete.",
    ],
    [
      'errorCode INVALID_COUPON',
      feedbackForOrderResult(rejected('any', 'INVALID_COUPON'), 'SPRING').toast,
      "Invalid Coupon Code: The coupon code 'SPRING' is not valid. Please check and try again, or proceed without a coupon.",
    ],
    [
      'other server error with a message',
      feedbackForOrderResult(rejected('Card payments are paused.', 'INTERNAL'), null).toast,
      'Unable to Process Payment: Card payments are paused.',
    ],
    [
      'other server error without a message',
      feedbackForOrderResult(rejected(null, null), null).toast,
      'Unable to Process Payment: We encountered an issue processing your payment. Please try again.',
    ],
    [
      'transport error',
      feedbackForOrderResult({ kind: 'offline' }, null).toast,
      'Connection Error: Unable to connect to payment service. Please check your internet connection and try again.',
    ],
    [
      'response without url or error',
      feedbackForOrderResult({ kind: 'unexpected' }, null).toast,
      'Unexpected Error: Received an unexpected response. Please try again or contact support.',
    ],
    [
      'thrown exception',
      feedbackForOrderResult({ kind: 'exception' }, null).toast,
      'Unexpected Error: Something went wrong. Please try again or contact support if the problem persists.',
    ],
    ['image upload failure', formToasts.uploadFailed, 'Upload Failed: Failed to upload image. Please try again.'],
  ])('%s', (_situation, toast, expected) => {
    expect(line(toast)).toBe(expected);
  });

  it('clears the coupon field on INVALID_COUPON', () => {
    expect(feedbackForOrderResult(rejected(null, 'INVALID_COUPON'), 'SPRING').clearCoupon).toBe(true);
  });

  it("says Success when the payment page opens (the spec's toast)", () => {
    expect(line(feedbackForOrderResult({ kind: 'checkout', url: 'https://pay.example/s', orderId }, null).toast)).toBe(
      'Success: Opening payment page in a new tab...',
    );
  });

  it('has the spec toasts for the form checks and the upload', () => {
    expect(line(formToasts.missingInformation)).toBe(
      'Missing Information: Please fill in your website and email address.',
    );
    expect(line(formToasts.imageUploaded)).toBe('Image Uploaded: Your image has been uploaded successfully');
  });

  it('tells a buyer back from a canceled checkout that nothing was charged', () => {
    expect(formToasts.checkoutCanceled.title).toBe('Payment canceled — you were not charged.');
  });
});
