// The bench's figures: each measured value with its unit, its budget (docs/budgets.md) if it has one,
// and the group that measured it, so a partial run (`--only`) can replace just its own figures.
export interface Budget {
  /** The figure must be at most (`max`) or at least (`min`) this. */
  max?: number;
  min?: number;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The bench group (`--only` name) that measured it. */
  group: string;
  budget?: Budget;
  met?: boolean;
  /** What else is worth knowing about the figure (sizes, rates, the floor it sits on). */
  note?: string;
}

export const figures: Figure[] = [];

let currentGroup = '';

/**
 * Runs one group and returns what it returns; a group that throws is reported as a failed figure
 * (undefined is returned) and the rest go on.
 */
export async function runGroup<T>(group: string, run: () => Promise<T>): Promise<T | undefined> {
  const previous = currentGroup;
  currentGroup = group;
  try {
    return await run();
  } catch (error) {
    recordFailure(group, error);
    return undefined;
  } finally {
    currentGroup = previous;
  }
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export const budgetText = ({ max, min }: Budget, unit: string) =>
  max !== undefined && min !== undefined
    ? `${min} to ${max} ${unit}`
    : max !== undefined
      ? `≤ ${max} ${unit}`
      : `≥ ${min} ${unit}`;

export function record(name: string, value: number, unit: string, budget?: Budget, note?: string): void {
  const met = budget
    ? (budget.max === undefined || value <= budget.max) && (budget.min === undefined || value >= budget.min)
    : undefined;
  figures.push({ name, value, unit, group: currentGroup, budget, met, note });
  const verdict = met === undefined ? '' : met ? '  ok' : `  MISSED (budget ${budgetText(budget as Budget, unit)})`;
  console.log(`${name}: ${value} ${unit}${note ? ` (${note})` : ''}${verdict}`);
}

/** A figure that could not be measured counts as a missed budget. */
export function recordFailure(name: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  figures.push({
    name,
    value: Number.NaN,
    unit: '',
    group: currentGroup,
    met: false,
    note: `failed: ${message.slice(0, 300)}`,
  });
  console.log(`${name}: FAILED ${message.slice(0, 300)}`);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
