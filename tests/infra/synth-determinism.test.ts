// `cdk diff` of an unchanged commit is empty: synthesizing the same code again, on another day,
// writes the same template, asset hashes as they are (nothing may read the clock at synth).
import { describe, expect, it, vi } from 'vitest';
import type { StackParameters } from '#lib/stack-parameters.ts';
import { buildStack, testParameters } from './stack.ts';

function templateSynthesizedOn(day: string, parameters: StackParameters): unknown {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(day) });
  try {
    return buildStack(parameters).template.toJSON();
  } finally {
    vi.useRealTimers();
  }
}

describe.each([
  ['staging', testParameters({ stage: 'staging' })],
  ['prod', testParameters()],
])('the %s stack', (_stage, parameters) => {
  it('is synthesized to the same template a month later', () => {
    // Act
    const first = templateSynthesizedOn('2026-01-01T09:00:00Z', parameters);
    const second = templateSynthesizedOn('2026-02-01T17:30:00Z', parameters);

    // Assess
    expect(second).toEqual(first);
  });
});
