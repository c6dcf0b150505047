import { describe, expect, it } from 'vitest';
import { messages } from '#shared/contract';
import { type CreateOrderResult, readCreateOrderAnswer } from '../../web/src/features/order-form/api/create-order.ts';
import { feedbackForOrderResult, formToasts } from '../../web/src/features/order-form/feedback.ts';

const answer = (status: number, body: unknown) => ({ status, ok: status >= 200 && status < 300, body });

describe('reading the create-order answer', () => {
  it('takes a checkout url', () => {
    expect(readCreateOrderAnswer(answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_1' }))).toEqual({
      kind: 'checkout',
      url: 'https://checkout.stripe.com/c/pay/cs_1',
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

  it('calls a success with neither url nor error unexpected', () => {
    expect(readCreateOrderAnswer(answer(200, {}))).toEqual({ kind: 'unexpected' });
    expect(readCreateOrderAnswer(answer(200, { url: 'not a url' }))).toEqual({ kind: 'unexpected' });
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
    const feedback = feedbackForOrderResult({ kind: 'checkout', url: 'https://pay.example/s' }, null);

    expect(feedback.openUrl).toBe('https://pay.example/s');
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
});
