// The reconciler's rule for a completed order's free revision (operations/reconcile.ts planRepair):
// a revision claimed and left rendering with nothing written past the start grace is a repair
// candidate (its execution died or never started); one still being written, or finished, is not.
import { describe, expect, it } from 'vitest';
import { planRepair, reconcileTiming } from '#operations/reconcile.ts';
import type { OrderRecord } from '#orders/order-record.ts';

const now = new Date('2026-11-29T08:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const completed = (fields: Partial<OrderRecord>) =>
  ({
    id: '3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    order_status: 'completed',
    payment_status: 'paid',
    created_at: ago(3600_000),
    completed_at: ago(3000_000),
    updated_at: ago(0),
    ...fields,
  }) as OrderRecord;

describe('planning the repair of a revision', () => {
  it('repairs a revision left rendering past the start grace', () => {
    const order = completed({ revision_status: 'rendering', updated_at: ago(reconcileTiming.startGraceMs) });

    expect(planRepair(order, now)).toBe('repairRevision');
  });

  it('leaves a revision alone while the route may still start it', () => {
    const order = completed({ revision_status: 'rendering', updated_at: ago(reconcileTiming.startGraceMs - 1) });

    expect(planRepair(order, now)).toBeNull();
  });

  it.each([
    ['ready', 'ready' as const],
    ['failed', 'failed' as const],
    ['never asked for', undefined],
  ])('leaves a completed order whose revision is %s alone', (_name, revision_status) => {
    const order = completed({ ...(revision_status ? { revision_status } : {}), updated_at: ago(3600_000) });

    expect(planRepair(order, now)).toBeNull();
  });
});
