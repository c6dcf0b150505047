// The generation state machine's Lambda tasks, declared once: lib/generation builds one
// function per step and names the Task state after it; the twin maps state names to these
// modules. `entry` is relative to lambdas/ and exports `handler(state) => result`. A step's `path`
// places it: every `main` step is caught into the `failure` steps, which run in table order; the
// render loop between the main steps is lib/generation/generation.ts.
import type { Capability } from './capabilities.ts';

export interface GenerationStep {
  /** The Task state's name in the ASL. */
  state: string;
  entry: string;
  timeoutSeconds: number;
  uses: readonly Capability[];
  /**
   * `main`: the ad is being made; any error it ends with goes to the failure path. `failure`: the
   * failure path (MarkFailed → Refund → NotifyOps), whose steps move on to the next even when they fail.
   * `pack`: after the order completed; an error there fails the pack alone (MarkPackFailed), never the order.
   * `revision`: the order's free revision (its own execution, `<order id>-v2`); an error there fails
   * the revision alone (MarkRevisionFailed), never the order, and refunds nothing.
   */
  path: 'main' | 'failure' | 'pack' | 'revision';
  /** Where the handler's result goes in the execution state; absent: discarded. */
  resultKey?: 'site' | 'storyboard' | 'footage' | 'renders';
  /** Lambda's default memory when absent (lib/shared/reelfive-function.ts). */
  memoryMb?: number;
  /** It reads the stage's pack formats (PACK_FORMATS, from generationConfig.pack.formats). */
  setsPackFormats?: true;
  /** It decodes images with sharp: the function carries sharp's native build and runs on its CPU. */
  decodesImages?: true;
  /** It reads buyers' websites: lib/ bundles the site reader's worker thread beside the handler. */
  readsWebsites?: true;
  /** It measures text as the renderer draws it (compose/fonts.ts): the function carries the Inter fonts. */
  measuresText?: true;
}

export const generationSteps = [
  {
    state: 'MarkProcessing',
    entry: 'generation/mark-processing.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'mail'],
    path: 'main',
  },
  {
    state: 'AnalyzeWebsite',
    entry: 'generation/analyze-website.handler.ts',
    // The page fetch stops at 8 s; the rest is DNS and parsing.
    timeoutSeconds: 30,
    // previews:read: what the buyer's preview read is reused (its facts, and its hook in WriteStoryboard).
    uses: ['orders:write', 'previews:read', 'contentCheck'],
    path: 'main',
    resultKey: 'site',
    readsWebsites: true,
  },
  {
    state: 'WriteStoryboard',
    entry: 'generation/write-storyboard.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:write', 'bedrock', 'previews:read'],
    path: 'main',
    resultKey: 'storyboard',
    // The template writer counts a list's lines as the style's headline draws them.
    measuresText: true,
  },
  {
    state: 'StartFootage',
    entry: 'generation/start-footage.handler.ts',
    // Up to 4 clip starts in parallel, each with its first frame fetched and cleaned.
    timeoutSeconds: 60,
    uses: ['orders:write', 'images:read', 'videos:write', 'footage'],
    path: 'main',
    resultKey: 'footage',
    // Each scene's first frame is cleaned and set on the brand's background (footage-io.ts).
    decodesImages: true,
  },
  {
    state: 'CheckFootage',
    entry: 'generation/check-footage.handler.ts',
    // A poll per pending clip, and the download of the finished ones (a few MB each).
    timeoutSeconds: 90,
    uses: ['orders:read', 'images:read', 'videos:write', 'footage'],
    path: 'main',
    resultKey: 'footage',
    // A clip started again after a retryable failure gets its first frame again.
    decodesImages: true,
  },
  {
    state: 'PlanRenders',
    entry: 'generation/plan-renders.handler.ts',
    timeoutSeconds: 30,
    // orders:write: the stage, and the pack's progress starting at 0; videos:write: the render
    // request kept for the order's revision.
    uses: ['orders:write', 'videos:write'],
    path: 'main',
    resultKey: 'renders',
    setsPackFormats: true,
  },
  {
    state: 'Deliver',
    entry: 'generation/deliver.handler.ts',
    timeoutSeconds: 60,
    // orders:read: what the buyer paid, for the cost recorded with the ad.
    uses: ['orders:read', 'orders:write', 'videos:read', 'mail'],
    path: 'main',
  },
  {
    state: 'MarkCompleted',
    entry: 'generation/mark-completed.handler.ts',
    timeoutSeconds: 30,
    // orders:read: an order the condition refused (already completed or failed) is read back.
    uses: ['orders:read', 'orders:write', 'rateLimits'],
    path: 'main',
  },
  {
    state: 'DeliverPack',
    entry: 'generation/deliver-pack.handler.ts',
    // Reads every file of the pack (tens of MB) and writes their zip.
    timeoutSeconds: 120,
    memoryMb: 1024,
    uses: ['orders:read', 'orders:write', 'videos:read', 'videos:write', 'mail'],
    path: 'pack',
  },
  {
    state: 'MarkPackFailed',
    entry: 'generation/mark-pack-failed.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write'],
    path: 'pack',
  },
  {
    // The revision's first step: version 1's render request (videos:read), revised as the note asks.
    state: 'ReviseStoryboard',
    entry: 'generation/revise-storyboard.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:read', 'orders:write', 'videos:read', 'bedrock'],
    path: 'revision',
    resultKey: 'renders',
  },
  {
    state: 'DeliverRevision',
    entry: 'generation/deliver-revision.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:write', 'videos:read', 'mail'],
    path: 'revision',
  },
  {
    state: 'MarkRevisionFailed',
    entry: 'generation/mark-revision-failed.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:write', 'mail'],
    path: 'revision',
  },
  {
    state: 'MarkFailed',
    entry: 'generation/mark-failed.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:read', 'orders:write', 'rateLimits'],
    path: 'failure',
  },
  {
    state: 'Refund',
    entry: 'generation/refund.handler.ts',
    timeoutSeconds: 60,
    uses: ['orders:read', 'orders:write', 'stripe:refund', 'mail'],
    path: 'failure',
  },
  {
    state: 'NotifyOps',
    entry: 'generation/notify-ops.handler.ts',
    timeoutSeconds: 30,
    uses: ['orders:read', 'orders:write', 'ops:notify', 'mail'],
    path: 'failure',
  },
] as const satisfies readonly GenerationStep[];

export type GenerationStateName = (typeof generationSteps)[number]['state'];

/**
 * The function every render runs in: ffmpeg, fonts and up to 3 images in /tmp. Its Task states
 * (synchronous invokes) are RenderAd for the primary file and RenderPackItem in the pack's Map
 * (lib/generation/generation.ts). A 12 s ad renders in 10–21 s here (docs/render-shape.md), so the
 * timeout leaves a slow render many times its usual time and stays far under Lambda's 15 minutes.
 */
export const renderFunction = {
  entry: 'generation/render-jobs/render.handler.ts',
  timeoutSeconds: 300,
  memoryMb: 3008,
  // orders:write: the primary moves the order's bar, a pack item the pack's; a render whose order
  // is no longer in its state (failed while it waited, its pack given up) stops before it writes.
  // c2pa:sign: the ad is labelled as made with AI before it is stored (media/label-ad.ts).
  uses: ['orders:read', 'orders:write', 'images:read', 'videos:write', 'polly', 'c2pa:sign'],
} as const satisfies Omit<GenerationStep, 'state' | 'path'> & { memoryMb: number };

/** The Task states that invoke the render function: each item of the pack, and the revision's version 2. */
export const renderStates = { primary: 'RenderAd', pack: 'RenderPackItem', revision: 'RenderRevision' } as const;

/**
 * Target of the execution-status rule (FAILED / TIMED_OUT / ABORTED → the failure path). It runs
 * the whole failure path itself (lambdas/generation/failure-path.ts), so it may do what its steps may.
 */
export const executionEndedFunction = {
  entry: 'generation/execution-ended.handler.ts',
  timeoutSeconds: 60,
  uses: [
    ...new Set(
      (generationSteps as readonly GenerationStep[])
        .filter((step) => step.path === 'failure')
        .flatMap((step) => step.uses),
    ),
  ],
} as const satisfies Omit<GenerationStep, 'state' | 'path'>;
