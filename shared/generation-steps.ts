// The generation state machine's Lambda tasks, declared once: lib/generation builds one
// function per step and names the Task state after it; the twin maps state names to these
// modules. `entry` is relative to lambdas/ and exports `handler(state) => result`. The flow
// between them (render loop, Catch → failure path) is lib/generation/generation.ts.
export type StepCapability =
  | 'orders:read'
  | 'orders:write'
  | 'rateLimits'
  | 'images:read'
  | 'videos:read'
  | 'videos:write'
  | 'mail'
  | 'stripe'
  | 'render:invoke'
  | 'ops:notify'
  | 'bedrock'
  | 'polly';

export interface GenerationStep {
  /** The Task state's name in the ASL. */
  state: string;
  entry: string;
  timeoutSeconds: number;
  uses: readonly StepCapability[];
  /** Where the handler's result goes in the execution state; absent: discarded. */
  resultKey?: 'site' | 'script' | 'render';
}

const failureCapabilities = ['orders:write', 'rateLimits', 'stripe', 'mail', 'ops:notify'] as const;

export const generationSteps = [
  {
    state: 'MarkProcessing',
    entry: 'generation/mark-processing.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'mail'],
  },
  {
    state: 'AnalyzeWebsite',
    entry: 'generation/analyze-website.handler.ts',
    // The page fetch stops at 8 s; the rest is DNS and parsing.
    timeoutSeconds: 30,
    uses: ['orders:write'],
    resultKey: 'site',
  },
  {
    state: 'WriteScript',
    entry: 'generation/write-script.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:write', 'bedrock'],
    resultKey: 'script',
  },
  {
    state: 'StartRender',
    entry: 'generation/start-render.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'videos:write', 'render:invoke'],
    resultKey: 'render',
  },
  {
    state: 'CheckRender',
    entry: 'generation/check-render.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'videos:read'],
    resultKey: 'render',
  },
  {
    state: 'Deliver',
    entry: 'generation/deliver.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:write', 'videos:read', 'mail'],
  },
  {
    state: 'MarkCompleted',
    entry: 'generation/mark-completed.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'rateLimits'],
  },
  {
    state: 'MarkFailed',
    entry: 'generation/mark-failed.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'rateLimits'],
  },
  {
    state: 'Refund',
    entry: 'generation/refund.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:write', 'stripe', 'mail'],
  },
  {
    state: 'NotifyOps',
    entry: 'generation/notify-ops.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'ops:notify', 'mail'],
  },
] as const satisfies readonly GenerationStep[];

export type GenerationStateName = (typeof generationSteps)[number]['state'];

/** CheckRender fails a render whose status has not moved for this long: it died, or never started. */
export const renderStallSeconds = 6 * 60;

/** The function StartRender invokes asynchronously: ffmpeg, fonts and up to 3 images in /tmp. */
export const renderFunction = {
  entry: 'generation/render-jobs/render.handler.ts',
  timeoutSeconds: 300,
  memoryMb: 3008,
  /**
   * How long Lambda may hold the async invoke (a throttled one is retried by Lambda itself until
   * then) before dropping it. Under the stall window, with a minute for the render's first
   * status write: a render starts while CheckRender still waits for it, or never.
   */
  maxEventAgeSeconds: renderStallSeconds - 60,
  // orders:read: a render whose order is no longer processing (failed while the invoke waited)
  // stops before it writes anything.
  uses: ['orders:read', 'images:read', 'videos:write', 'polly'],
} as const satisfies Omit<GenerationStep, 'state'> & { memoryMb: number; maxEventAgeSeconds: number };

/** Target of the execution-status rule (FAILED / TIMED_OUT / ABORTED → the failure path). */
export const executionEndedFunction = {
  entry: 'generation/execution-ended.handler.ts',
  timeoutSeconds: 60,
  uses: failureCapabilities,
} as const satisfies Omit<GenerationStep, 'state'>;
