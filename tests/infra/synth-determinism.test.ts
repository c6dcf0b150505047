// `cdk diff` of an unchanged commit is empty: synthesizing the same code again, on another day,
// writes the same template, asset hashes as they are (nothing may read the clock at synth).
import { describe, expect, it, vi } from 'vitest';
import type { StackParameters } from '#lib/stack-parameters.ts';
import { buildStack, testParameters } from './stack.ts';

/** The stage's templates: the site stack's and its us-east-1 edge stack's. */
function templateSynthesizedOn(day: string, parameters: StackParameters): { site: unknown; edge: unknown } {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(day) });
  try {
    const { template, edgeTemplate } = buildStack(parameters);
    return { site: template.toJSON(), edge: edgeTemplate?.toJSON() };
  } finally {
    vi.useRealTimers();
  }
}

describe.each([
  ['staging', testParameters({ stage: 'staging' })],
  ['prod', testParameters()],
])('the %s stacks', (_stage, parameters) => {
  it('are synthesized to the same templates a month later', () => {
    // Act
    const first = templateSynthesizedOn('2026-01-01T09:00:00Z', parameters);
    const second = templateSynthesizedOn('2026-02-01T17:30:00Z', parameters);

    // Assess
    expect(first.edge).toBeDefined();
    expect(second).toEqual(first);
  });
});
