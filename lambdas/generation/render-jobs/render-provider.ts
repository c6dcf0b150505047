// The start/poll seam between the state machine and whatever makes the video. Today: our ffmpeg
// renderer in its own Lambda, invoked asynchronously. A paid AI footage provider (later issue)
// implements the same two calls: start returns at once with a job, check reports on it, and the
// state machine's Wait/CheckRender loop does not change.
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { RenderJob } from '#generation/generation-state.ts';
import { StepFailure } from '#generation/step-errors.ts';
import { tracer } from '#powertools/tracer.ts';
import { renderStallSeconds } from '#shared/generation-steps.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { RenderRequest } from './render-request.ts';
import { readRenderStatus, writeRenderStatus } from './render-status.ts';

export interface RenderProvider {
  start(request: RenderRequest): Promise<RenderJob>;
  check(job: RenderJob): Promise<RenderJob>;
}

/** A running job whose status has not changed for this long has died (Lambda timeout, OOM, never started). */
export const renderStallMs = renderStallSeconds * 1000;

let lambda: LambdaClient | undefined;

export const ffmpegRenderProvider: RenderProvider = {
  async start(request) {
    const job: RenderJob = { jobId: request.orderId, status: 'running', fraction: 0 };
    // Written before the invoke, so CheckRender always finds a status to judge staleness by.
    await writeRenderStatus(request.orderId, job);
    lambda ??= tracer.captureAWSv3Client(new LambdaClient({}));
    // Throttled here (TooManyRequestsException), the invoke fails StartRender's step() with the
    // retryable error, which the state machine retries; once queued, Lambda retries throttles itself.
    await lambda.send(
      new InvokeCommand({
        FunctionName: requireEnv(envNames.renderFunctionName),
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify(request)),
      }),
    );
    return job;
  },

  async check(job) {
    const status = await readRenderStatus(job.jobId);
    if (!status) throw new StepFailure('RenderFailed', `Render ${job.jobId} has no status`);
    const { updatedAt, ...current } = status;
    if (current.status === 'running' && Date.now() - Date.parse(updatedAt) > renderStallMs) {
      throw new StepFailure('RenderStalled', `Render ${job.jobId} stopped reporting at ${updatedAt}`);
    }
    if (current.status === 'failed') {
      throw new StepFailure('RenderFailed', current.error ?? `Render ${job.jobId} failed`);
    }
    return current;
  },
};
