// The fault suite's verdict itself: it passes the end states a healthy product leaves, and fails
// each way an order can be lost, charged twice or stuck, so a green fault row means something.
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '#orders/order-record.ts';
import { type EndState, expectInvariants } from '#tests/faults/support/end-state.ts';

const id = 'order-1';
const paidRow = {
  id,
  order_status: 'completed',
  payment_status: 'paid',
  payment_intent: 'pi_1',
} as OrderRecord;
const completed: EndState = {
  order: paidRow,
  executions: [{ name: id, status: 'SUCCEEDED' }],
  charges: [{ id: 'ch_1', payment_intent: 'pi_1', amount: 500 }],
  refunds: [],
  buyerEmails: ['received', 'ready'],
  slotHeld: false,
};
const refunded: EndState = {
  ...completed,
  order: { ...paidRow, order_status: 'failed', payment_status: 'refunded', refund_id: 're_1' },
  executions: [{ name: id, status: 'FAILED' }],
  refunds: [{ id: 're_1', payment_intent: 'pi_1', amount: 500 }],
};

describe('the end-state verdict', () => {
  it('passes a completed order and a failed, refunded one, redrives included', () => {
    expectInvariants(completed, id);
    expectInvariants(refunded, id);
    expectInvariants({ ...refunded, executions: [...refunded.executions, { name: `${id}-r1`, status: 'FAILED' }] }, id);
  });

  it.each<[string, EndState]>([
    ['a lost order', { ...completed, order: undefined }],
    ['an order stuck processing', { ...completed, order: { ...paidRow, order_status: 'processing' } }],
    ['an execution still running', { ...completed, executions: [{ name: id, status: 'RUNNING' }] }],
    [
      'two executions named after the order',
      { ...completed, executions: [...completed.executions, ...completed.executions] },
    ],
    ['a slot still held', { ...completed, slotHeld: true }],
    [
      'a second charge',
      { ...completed, charges: [...completed.charges, { id: 'ch_2', payment_intent: 'pi_1', amount: 500 }] },
    ],
    ['a refund of a completed order', { ...completed, refunds: refunded.refunds }],
    ['a failed order left paid', { ...refunded, order: { ...paidRow, order_status: 'failed' }, refunds: [] }],
    [
      'two refunds',
      { ...refunded, refunds: [...refunded.refunds, { id: 're_2', payment_intent: 'pi_1', amount: 500 }] },
    ],
    ['a row naming another refund', { ...refunded, order: { ...refunded.order, refund_id: 're_9' } as OrderRecord }],
  ])('fails %s', (_name, state) => {
    expect(() => expectInvariants(state, id)).toThrow();
  });
});
