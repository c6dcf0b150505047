import { describe, expect, it } from 'vitest';
import { apiMessages, stages } from '#shared/contract.ts';
import { processingOrder } from '#tests/unit/support/order-views.ts';
import { readGetOrderAnswer } from '#web/features/order-status/api/get-order.ts';
import {
  couponLine,
  formatAmount,
  formatDuration,
  isAwaitingRefund,
  isSettled,
  orderAmount,
  paymentNote,
  refundSentence,
  stageWords,
  statusCopyFor,
} from '#web/features/order-status/order-display.ts';

const order = processingOrder;

describe('status copy', () => {
  it("uses the spec title and text for each status, with the stage's delivery time for processing", () => {
    expect(statusCopyFor('pending')).toEqual({
      title: 'Payment Processing',
      text: 'Your payment is being verified...',
    });
    expect(statusCopyFor('processing')).toEqual({
      title: 'Generating Your Ad',
      text: 'Our AI is creating your video ad. This usually takes about a minute.',
    });
    expect(statusCopyFor('completed')).toEqual({ title: 'Ad Ready!', text: 'Your video ad is ready to download.' });
    expect(statusCopyFor('failed')).toEqual({
      title: 'Generation Failed',
      text: 'We encountered an issue. Our team has been notified.',
    });
  });

  it('shows an unknown status as pending', () => {
    expect(statusCopyFor('archived')).toEqual(statusCopyFor('pending'));
    expect(statusCopyFor(undefined)).toEqual(statusCopyFor('pending'));
  });
});

describe('stage words', () => {
  it('has words for every stage of the contract', () => {
    for (const stage of stages) expect(stageWords[stage]).toBeTruthy();
  });

  it('says what is happening in plain words', () => {
    expect(stageWords.awaiting_payment).toBe('Waiting for payment');
    expect(stageWords.analyzing).toBe('Analysing your website…');
    expect(stageWords.scripting).toBe('Writing your storyboard…');
    expect(stageWords.rendering).toBe('Recording the voice-over and rendering…');
    expect(stageWords.delivering).toBe('Delivering…');
    expect(stageWords.done).toBe('Done');
  });
});

describe('amounts and durations', () => {
  it('formats what was charged in dollars with the currency code', () => {
    expect(formatAmount(500, 'usd', 500)).toBe('$5.00 USD');
    expect(formatAmount(250, 'usd', 500)).toBe('$2.50 USD');
    expect(formatAmount(0, 'usd', 500)).toBe('$0.00 USD');
  });

  it('shows the list price while nothing has been charged yet', () => {
    expect(formatAmount(null, 'usd', 500)).toBe('$5.00 USD');
  });

  it('shows what this order was charged: full price, LAUNCH50 and free', () => {
    expect(orderAmount({ amount_cents: 500, currency: 'usd', payment_status: 'paid' }, 500)).toBe('$5.00 USD');
    expect(orderAmount({ amount_cents: 250, currency: 'usd', payment_status: 'paid' }, 500)).toBe('$2.50 USD');
    expect(orderAmount({ amount_cents: 0, currency: 'usd', payment_status: 'free' }, 500)).toBe('$0.00 USD');
  });

  it('shows a free order as $0.00 even before the amount is recorded', () => {
    expect(orderAmount({ amount_cents: null, currency: 'usd', payment_status: 'free' }, 500)).toBe('$0.00 USD');
  });

  it('says a cancelled or run-out checkout charged nothing', () => {
    expect(orderAmount({ amount_cents: null, currency: 'usd', payment_status: 'canceled' }, 500)).toBe(
      '$5.00 USD, not charged',
    );
    expect(orderAmount({ amount_cents: null, currency: 'usd', payment_status: 'expired' }, 500)).toBe(
      '$5.00 USD, not charged',
    );
  });

  it('with a coupon: before payment, the price before it; once paid, what it took off', () => {
    const coupon = { currency: 'usd', coupon_code: 'LAUNCH50' };

    expect(orderAmount({ ...coupon, amount_cents: null, payment_status: 'unpaid' }, 500)).toBe(
      '$5.00 USD before your coupon',
    );
    expect(couponLine({ ...coupon, amount_cents: null, payment_status: 'unpaid' }, 500)).toBe(
      'LAUNCH50, applied at checkout',
    );
    expect(orderAmount({ ...coupon, amount_cents: 250, payment_status: 'paid' }, 500)).toBe('$2.50 USD');
    expect(couponLine({ ...coupon, amount_cents: 250, payment_status: 'paid' }, 500)).toBe('LAUNCH50 (−$2.50)');
    expect(couponLine({ ...coupon, amount_cents: 0, payment_status: 'free', coupon_code: 'FREEAD' }, 500)).toBe(
      'FREEAD (−$5.00)',
    );
    expect(couponLine({ ...coupon, amount_cents: null, payment_status: 'expired' }, 500)).toBe('LAUNCH50, not used');
    expect(couponLine({ amount_cents: 500, currency: 'usd', payment_status: 'paid' }, 500)).toBeNull();
  });

  it('writes the duration in seconds', () => {
    expect(formatDuration(12)).toBe('12 seconds');
    expect(formatDuration(4)).toBe('4 seconds');
  });
});

describe('when to stop asking for updates', () => {
  it('stops once the ad is completed or failed', () => {
    expect(isSettled({ order_status: 'completed', payment_status: 'paid' })).toBe(true);
    expect(isSettled({ order_status: 'failed', payment_status: 'refunded' })).toBe(true);
    expect(isSettled({ order_status: 'failed', payment_status: 'free' })).toBe(true);
  });

  it('keeps reading a failed, paid order until its refund lands, for ten minutes at most', () => {
    const failedAt = Date.parse('2026-01-15T10:00:00.000Z');
    const failed = { order_status: 'failed', payment_status: 'paid', updated_at: '2026-01-15T10:00:00.000Z' } as const;

    expect(isAwaitingRefund(failed, failedAt + 5_000)).toBe(true);
    expect(isSettled(failed, failedAt + 5_000)).toBe(false);
    expect(isSettled(failed, failedAt + 11 * 60_000)).toBe(true);
  });

  it('stops when the checkout was abandoned', () => {
    expect(isSettled({ order_status: 'pending', payment_status: 'canceled' })).toBe(true);
    expect(isSettled({ order_status: 'pending', payment_status: 'expired' })).toBe(true);
  });

  it('keeps asking while payment or generation is under way', () => {
    expect(isSettled({ order_status: 'pending', payment_status: 'unpaid' })).toBe(false);
    expect(isSettled({ order_status: 'processing', payment_status: 'free' })).toBe(false);
  });

  it('says in the banner when a coupon made the ad free or the checkout was left', () => {
    expect(paymentNote('free')).toMatch(/not charged/);
    expect(paymentNote('canceled')).toMatch(/not charged/);
    expect(paymentNote('paid')).toBeNull();
  });

  it('leaves refunds to the status panel', () => {
    expect(paymentNote('refunded')).toBeNull();
  });
});

describe('the refund sentence of a failed order', () => {
  it('states the refunded amount', () => {
    const failed = { order_status: 'failed', currency: 'usd', payment_status: 'refunded' } as const;

    expect(refundSentence({ ...failed, amount_cents: 500 }, 500)).toBe('Your payment of $5.00 has been refunded.');
    expect(refundSentence({ ...failed, amount_cents: 250 }, 500)).toBe('Your payment of $2.50 has been refunded.');
  });

  it('says the refund is under way while Stripe has not confirmed it', () => {
    const sentence = refundSentence(
      { order_status: 'failed', currency: 'usd', payment_status: 'paid', amount_cents: 500 },
      500,
    );

    expect(sentence).toBe('Your payment of $5.00 is being refunded automatically.');
  });

  it('says nothing about money for a free order', () => {
    expect(
      refundSentence({ order_status: 'failed', currency: 'usd', payment_status: 'free', amount_cents: 0 }, 500),
    ).toBeNull();
  });

  it('says nothing for a paid order that has not failed', () => {
    expect(
      refundSentence({ order_status: 'processing', currency: 'usd', payment_status: 'paid', amount_cents: 500 }, 500),
    ).toBeNull();
  });
});

describe('reading the order answer', () => {
  it('takes an order that matches the contract', () => {
    const result = readGetOrderAnswer({ status: 200, ok: true, body: order });

    expect(result).toMatchObject({ kind: 'found', order: { id: order.id, stage: 'rendering', progress: 62 } });
  });

  it("says We couldn't find your order. on a 404, a final answer", () => {
    const result = readGetOrderAnswer({
      status: 404,
      ok: false,
      body: { error: apiMessages.orderNotFound, errorCode: 'NOT_FOUND' },
    });

    expect(result).toEqual({ kind: 'missing', message: "We couldn't find your order." });
  });

  it('keeps the server message of another failure, worth another try', () => {
    const result = readGetOrderAnswer({
      status: 429,
      ok: false,
      body: { error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' },
    });

    expect(result).toEqual({ kind: 'failed', message: apiMessages.tooManyRequests });
  });

  it("falls back to We couldn't find your order. when nothing usable came back", () => {
    const expected = { kind: 'failed', message: "We couldn't find your order." };

    expect(readGetOrderAnswer({ status: 200, ok: true, body: '<!doctype html>' })).toEqual(expected);
    expect(readGetOrderAnswer({ status: 500, ok: false, body: undefined })).toEqual(expected);
    expect(readGetOrderAnswer({ status: 200, ok: true, body: { ...order, id: 'not-a-uuid' } })).toEqual(expected);
  });
});
