// The load run's arithmetic: percentiles of a latency list, and a worker pool that keeps its bound.
import { describe, expect, it } from 'vitest';
import { forEachBounded, newTally, summarize, timed, unexpectedOutcomes } from '#tests/load/stats.ts';

describe('load stats', () => {
  it('summarizes latencies by nearest-rank percentiles, in any order', () => {
    // Prepare
    const latencies = Array.from({ length: 100 }, (_, index) => 100 - index);

    // Act
    const summary = summarize(latencies);

    // Assess
    expect(summary).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  });

  it('counts a thrown request as an outcome of its own and keeps its latency', async () => {
    // Prepare
    const tally = newTally();

    // Act
    await timed(tally, async () => ({ outcome: '200', value: 1 }));
    await timed(tally, async () => {
      throw new Error('socket hang up');
    });

    // Assess
    expect(tally.latencies).toHaveLength(2);
    expect(unexpectedOutcomes(tally, ['200'])).toEqual([['error: socket hang up', 1]]);
  });

  it('never has more calls in flight than its bound, and skips items once told to stop', async () => {
    // Prepare
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];

    // Act
    await forEachBounded(
      Array.from({ length: 20 }, (_, index) => index),
      3,
      async (item) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolveWait) => setTimeout(resolveWait, 1));
        done.push(item);
        inFlight -= 1;
      },
      () => done.length >= 9,
    );

    // Assess
    expect(most).toBe(3);
    expect(done.length).toBeLessThan(20);
  });
});
