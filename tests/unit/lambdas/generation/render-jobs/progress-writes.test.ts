import { describe, expect, it } from 'vitest';
import { progressWrites } from '#generation/render-jobs/progress-writes.ts';

/** A write that finishes only when the test says so, and the values written in order. */
function heldWrites() {
  const written: number[] = [];
  const pending: (() => void)[] = [];
  const write = (value: number) =>
    new Promise<void>((resolve) => {
      written.push(value);
      pending.push(resolve);
    });
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { written, write, finishOne, inFlight: () => pending.length };
}

describe('progress writes', () => {
  it('writes each new value, one write at a time, the newest waiting value replacing older ones', async () => {
    // Prepare
    const table = heldWrites();
    const writes = progressWrites(table.write);

    // Act: 41 is written; 42, 43 and 44 arrive while it is on its way.
    writes.report(41);
    writes.report(42);
    writes.report(43);
    writes.report(44);

    // Assess
    expect(table.written).toEqual([41]);
    expect(table.inFlight()).toBe(1);
    await table.finishOne();
    expect(table.written).toEqual([41, 44]);
    expect(table.inFlight()).toBe(1);
    await table.finishOne();
    await writes.settled();
    expect(table.written).toEqual([41, 44]);
  });

  it('never writes a value at or below one already reported', async () => {
    const table = heldWrites();
    const writes = progressWrites(table.write);

    writes.report(50);
    writes.report(50);
    writes.report(45);
    await table.finishOne();
    writes.report(51);
    await table.finishOne();
    await writes.settled();

    expect(table.written).toEqual([50, 51]);
  });

  it('goes on after a failed write', async () => {
    const written: number[] = [];
    const writes = progressWrites(async (value) => {
      written.push(value);
      if (value === 60) throw new Error('throttled');
    });

    writes.report(60);
    writes.report(61);
    await writes.settled();

    expect(written).toEqual([60, 61]);
  });
});
