// The 3-active-orders limit through a whole ad on the twin (docs/decisions/slots-at-payment.md): the slot an order claims when
// it is paid keeps a full inbox from ordering while the ad is made, and is freed when the ad is
// delivered, so the inbox can order again at once rather than a day later. (A failed ad frees its
// slot too: lambdas/generation/generation.test.ts.)
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/contract.ts';
import { activeSlotHolders, holdMailboxSlots } from '../../support/mailbox-slots.ts';
import { storedOrder } from '../../support/orders-table.ts';
import { createPaidOrder } from '../../support/pay.ts';
import { callApi, orderRequest, twinForSuite } from '../../support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1 });

describe('the slot of a delivered ad', () => {
  it('holds a full inbox back while the ad is made and is freed when it is delivered', async () => {
    // Prepare: two of the inbox's orders are in progress elsewhere; this one takes its last slot.
    const typed = `Release.${process.pid}+ads@gmail.com`;
    const sameInbox = `release.${process.pid}@googlemail.com`;
    await holdMailboxSlots(twin.current, typed, { slots: 2 });
    const orderId = await createPaidOrder(twin.current, { email: typed, durationSeconds: '4' });
    const whileMaking = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email: sameInbox }));

    // Act
    const execution = await twin.current.steps.waitForExecution(orderId, 120_000);
    const afterDelivery = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email: sameInbox }));

    // Assess
    expect(whileMaking).toEqual({ status: 429, body: { error: messages.rateLimit, errorCode: 'RATE_LIMIT' } });
    expect(execution.status).toBe('SUCCEEDED');
    expect(await storedOrder(twin.current, orderId)).toMatchObject({ order_status: 'completed' });
    expect(await activeSlotHolders(twin.current, typed)).not.toContain(orderId);
    expect(afterDelivery.status).toBe(200);
    // The buyer's own emails go to the address as typed, in full.
    const mail = (await twin.current.outbox.listMessages()).filter((message) => message.subject.includes('ready'));
    expect(mail.flatMap((message) => message.to.map((to) => to.toLowerCase()))).toContain(typed.toLowerCase());
  }, 150_000);
});
