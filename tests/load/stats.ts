// The load run's tallies: each request's latency and outcome, summarized as throughput and
// percentiles, and a bounded worker pool so a phase never has more requests in flight than asked.
import { performance } from 'node:perf_hooks';
import { percentile } from '#tests/bench/figures.ts';

export interface Tally {
  latencies: number[];
  /** Outcome (HTTP status, or the error's text) → how many. */
  outcomes: Map<string, number>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const newTally = (): Tally => ({ latencies: [], outcomes: new Map() });

export function countOutcome(tally: Tally, outcome: string): void {
  tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
}

/** Runs `request`, keeping its latency and the outcome it returns (or the error it throws). */
export async function timed<T>(
  tally: Tally,
  request: () => Promise<{ outcome: string; value: T }>,
): Promise<T | undefined> {
  const began = performance.now();
  try {
    const { outcome, value } = await request();
    tally.latencies.push(performance.now() - began);
    countOutcome(tally, outcome);
    return value;
  } catch (error) {
    tally.latencies.push(performance.now() - began);
    countOutcome(tally, `error: ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`);
    return undefined;
  }
}

export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Outcomes other than the expected ones, with their counts. */
export function unexpectedOutcomes(tally: Tally, expected: readonly string[]): [string, number][] {
  return [...tally.outcomes].filter(([outcome]) => !expected.includes(outcome));
}

/**
 * Calls `work` once per item with at most `concurrency` calls in flight; items not yet started
 * when `shouldStop` turns true are skipped (the run's time bound).
 */
export async function forEachBounded<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !shouldStop()) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
