// The generation state machine's Lambda tasks, declared once: lib/generation builds one
// function per step and names the Task state after it; the twin maps state names to these
// modules. `entry` is relative to lambdas/ and exports `handler(input) => output`.
export interface GenerationStep {
  /** The Task state's name in the ASL. */
  state: string;
  entry: string;
  timeoutSeconds: number;
  uses: readonly ('orders:write' | 'rateLimits')[];
}

export const generationSteps = [
  {
    state: 'MarkProcessing',
    entry: 'generation/mark-processing.handler.ts',
    timeoutSeconds: 10,
    uses: ['orders:write'],
  },
] as const satisfies readonly GenerationStep[];

/** Input every execution starts with; the execution name is the same order id. */
export interface GenerationInput {
  orderId: string;
}
