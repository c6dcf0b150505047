// The per-mailbox limits key on the inbox an address delivers to, the order API shows the
// email masked, and the per-IP budgets of coupon look-ups and unpaid checkouts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalMailbox, emailHash, mailboxHash } from '#common/hashing.ts';
import { ipAttemptsPerHour } from '#common/ip-limit.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { toOrderView } from '#orders/order-view.ts';
import { serviceLimits } from '#shared/config.ts';
import { maskEmail, orderViewSchema } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { gmailVariants } from '#tests/unit/fixtures/mailboxes.ts';

describe('the canonical mailbox', () => {
  it('folds all 29 variants of one Gmail inbox into one mailbox', () => {
    // Act
    const mailboxes = new Set(gmailVariants.map(mailboxHash));

    // Assess
    expect(gmailVariants).toHaveLength(29);
    expect(mailboxes.size).toBe(1);
    expect(canonicalMailbox(' J.Doe+Ads@GoogleMail.com ')).toBe('jdoe@gmail.com');
  });

  it('drops the +tag everywhere but keeps dots outside Gmail', () => {
    // Assess
    expect(canonicalMailbox('Ann.Lee+promo@Example.com')).toBe('ann.lee@example.com');
    expect(mailboxHash('ann.lee@example.com')).not.toBe(mailboxHash('annlee@example.com'));
  });

  it('leaves the typed-address hash of the newsletter and the ops look-up as it was', () => {
    // Assess
    expect(emailHash(' Jane.Doe@Gmail.com ')).toBe(emailHash('jane.doe@gmail.com'));
    expect(emailHash('jane.doe+ad@gmail.com')).not.toBe(emailHash('jane.doe@gmail.com'));
    expect(emailHash('jane.doe@gmail.com')).not.toBe(mailboxHash('jane.doe@gmail.com'));
  });
});

describe('the order read', () => {
  const order = {
    id: '3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f',
    website: 'https://shop.example/',
    email: 'buyer@example.com',
    email_hash: 'h',
    mailbox_hash: 'm',
    style: 'cinematic',
    duration_seconds: 12,
    order_status: 'pending',
    payment_status: 'unpaid',
    stage: 'awaiting_payment',
    progress: 0,
    amount_cents: null,
    currency: 'usd',
    created_at: '2026-01-15T10:00:00.000Z',
    updated_at: '2026-01-15T10:00:00.000Z',
    version: 1,
  } satisfies OrderRecord;

  it('shows the email masked to anyone holding the link', () => {
    // Act
    const view = toOrderView(order);

    // Assess
    expect(view.email).toBe('b•••@example.com');
    expect(orderViewSchema.safeParse(view).success).toBe(true);
    expect(JSON.stringify(view)).not.toContain('buyer@');
  });

  it('masks every address to its first character and its domain', () => {
    // Assess
    expect(['a@b.example', 'Zoe.Long+x@Mail.example', 'no-at-sign', ''].map(maskEmail)).toEqual([
      'a•••@b.example',
      'Z•••@Mail.example',
      '•••',
      '',
    ]);
  });
});

describe('per-IP budgets', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('gives coupon look-ups and unpaid checkouts 10 an hour, everything else the general 100', () => {
    // Prepare
    vi.stubEnv(envNames.ipAttemptsPerHour, '');

    // Assess
    expect(['create-order', 'coupon-lookup', 'unpaid-checkout'].map(ipAttemptsPerHour)).toEqual([
      serviceLimits.ipAttemptsPerHour,
      10,
      10,
    ]);
  });

  it('lifts or lowers every budget with the stage setting, keeping their shares', () => {
    // Prepare
    vi.stubEnv(envNames.ipAttemptsPerHour, '100000');
    const lifted = ['create-order', 'coupon-lookup', 'unpaid-checkout'].map(ipAttemptsPerHour);
    vi.stubEnv(envNames.ipAttemptsPerHour, '3');
    const lowered = ['create-order', 'coupon-lookup', 'unpaid-checkout'].map(ipAttemptsPerHour);

    // Assess
    expect(lifted).toEqual([100_000, 10_000, 10_000]);
    expect(lowered).toEqual([3, 1, 1]);
  });
});
