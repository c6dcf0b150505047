// The footage loop's two steps, free of Lambda and S3 so they can be tested against the contract
// servers: start every planned clip, then on each poll move each scene to ready (downloaded and
// stored), pending, or dropped (the engine draws it). Retryable failures start the clip again, up
// to maxStarts; a refusal is never sent again; past the timeout what still waits is dropped. With
// the `fail` policy a dropped scene fails the order instead.
import { footageNegativePrompt } from '#generation/storyboard/footage-prompts.ts';
import { generationConfig } from '#shared/config.ts';
import { ClipError, type ClipJob, type ClipProvider, type ClipRequest, type FailureKind } from './clip-provider.ts';
import { type FootagePlan, roundUsd } from './footage-plan.ts';
import type { FootageSettings } from './footage-settings.ts';

/** One scene's clip: what it asks the provider for, its job there, and where it is stored once ready. */
export interface SceneClip {
  sceneIndex: number;
  prompt: string;
  image: string | null;
  /** Seconds asked of the provider (one of the model's lengths). */
  seconds: number;
  status: 'pending' | 'ready' | 'dropped';
  job?: ClipJob;
  starts: number;
  pollErrors: number;
  /** Where the clip is stored (the videos bucket), once ready. */
  clipKey?: string;
  reason?: string;
}

/** $.footage in the execution state. */
export interface FootageResult {
  status: 'skipped' | 'running' | 'done';
  provider?: string;
  model?: string;
  resolution?: string;
  startedAt?: string;
  scenes: SceneClip[];
  /** What the clips delivered cost: the price table × the seconds generated. */
  costUsd: number;
  secondsGenerated: number;
  note?: string;
}

/** A scene's footage could not be made and the stage's policy is `fail`. */
export class FootageFailed extends Error {
  override name = 'FootageFailed';
}

export interface FootageIo {
  provider: ClipProvider;
  settings: FootageSettings;
  /** The first frame as the provider gets it, or undefined when it cannot be had. */
  loadImage(assetId: string): Promise<ClipRequest['image'] | undefined>;
  storeClip(sceneIndex: number, bytes: Uint8Array): Promise<string>;
  now?: () => number;
}

export function skippedFootage(note: string): FootageResult {
  return { status: 'skipped', scenes: [], costUsd: 0, secondsGenerated: 0, note };
}

export async function startFootage(plan: FootagePlan, io: FootageIo): Promise<FootageResult> {
  const now = io.now ?? Date.now;
  const result: FootageResult = {
    status: 'running',
    provider: io.settings.provider,
    model: io.settings.model,
    resolution: io.settings.resolution,
    startedAt: new Date(now()).toISOString(),
    scenes: plan.clips.map((clip) => ({
      sceneIndex: clip.sceneIndex,
      prompt: clip.prompt,
      image: clip.image,
      seconds: clip.seconds,
      status: 'pending',
      starts: 0,
      pollErrors: 0,
    })),
    costUsd: 0,
    secondsGenerated: 0,
    ...(plan.skipped.length
      ? { note: plan.skipped.map((skip) => `scene ${skip.sceneIndex}: ${skip.reason}`).join('; ') }
      : {}),
  };
  await Promise.all(result.scenes.map((scene) => startScene(scene, io)));
  return settle(result, io);
}

export async function checkFootage(previous: FootageResult, io: FootageIo): Promise<FootageResult> {
  const now = io.now ?? Date.now;
  const result: FootageResult = structuredClone(previous);
  const timedOut =
    now() - Date.parse(result.startedAt ?? new Date(now()).toISOString()) >
    generationConfig.footage.timeoutSeconds * 1000;
  await Promise.all(
    result.scenes.map(async (scene) => {
      if (scene.status !== 'pending') return;
      if (!scene.job) {
        await startScene(scene, io);
        return;
      }
      const poll = await io.provider.poll(scene.job);
      if (poll.state === 'pending') {
        scene.pollErrors = 0;
        return;
      }
      if (poll.state === 'unreadable') {
        unreadablePoll(scene, poll.kind, poll.reason);
        return;
      }
      if (poll.state === 'failed') {
        await failed(scene, poll.kind, poll.reason, io, true);
        return;
      }
      try {
        const bytes = await io.provider.download(poll.url);
        if (!isMp4(bytes)) throw new ClipError('final', 'the clip is not an MP4');
        scene.clipKey = await io.storeClip(scene.sceneIndex, bytes);
        scene.status = 'ready';
        result.costUsd = roundUsd(
          result.costUsd + scene.seconds * io.settings.price.usdPerSecond[io.settings.resolution],
        );
        result.secondsGenerated += scene.seconds;
      } catch (error) {
        if (!(error instanceof ClipError)) throw error;
        // The clip exists: a failed download is tried again on the next poll, a broken clip is final.
        if (error.kind === 'retryable') unreadablePoll(scene, 'retryable', error.message);
        else drop(scene, error.message);
      }
    }),
  );
  if (timedOut) {
    for (const scene of result.scenes) {
      if (scene.status === 'pending') drop(scene, `no clip within ${generationConfig.footage.timeoutSeconds} s`);
    }
  }
  return settle(result, io);
}

async function startScene(scene: SceneClip, io: FootageIo): Promise<void> {
  scene.starts += 1;
  scene.job = undefined;
  try {
    const image = scene.image ? await io.loadImage(scene.image) : undefined;
    if (io.settings.price.needsImage && !image) {
      drop(scene, `the first frame ${scene.image} could not be read`);
      return;
    }
    scene.job = await io.provider.start({
      prompt: scene.prompt,
      negativePrompt: footageNegativePrompt,
      seconds: scene.seconds,
      resolution: io.settings.resolution,
      ...(image ? { image } : {}),
    });
  } catch (error) {
    if (!(error instanceof ClipError)) throw error;
    await failed(scene, error.kind, error.message, io, false);
  }
}

/** The poll failed, not the job: polled again next time, up to maxPollErrors in a row. */
function unreadablePoll(scene: SceneClip, kind: FailureKind, reason: string) {
  if (kind !== 'retryable') {
    drop(scene, reason);
    return;
  }
  scene.reason = reason;
  scene.pollErrors += 1;
  const limit = generationConfig.footage.maxPollErrors;
  if (scene.pollErrors >= limit) drop(scene, `polling failed ${scene.pollErrors} times in a row: ${reason}`);
}

/**
 * A job (or its start) that failed retryably is started again, up to maxStarts, with the same
 * prompt. Final failures and refusals drop the scene: a refused prompt is never sent again.
 */
async function failed(scene: SceneClip, kind: FailureKind, reason: string, io: FootageIo, restartNow: boolean) {
  if (kind !== 'retryable') {
    drop(scene, kind === 'refused' ? `refused by the provider's safety filter (not retried): ${reason}` : reason);
    return;
  }
  scene.reason = reason;
  if (scene.starts >= generationConfig.footage.maxStarts) {
    drop(scene, `failed ${scene.starts} times: ${reason}`);
    return;
  }
  scene.job = undefined;
  // A start that failed is tried again on the next poll (after the Wait), not at once.
  if (restartNow) await startScene(scene, io);
}

function drop(scene: SceneClip, reason: string) {
  scene.status = 'dropped';
  scene.job = undefined;
  scene.reason = reason;
}

function settle(result: FootageResult, io: FootageIo): FootageResult {
  const dropped = result.scenes.filter((scene) => scene.status === 'dropped');
  if (dropped.length && io.settings.fallback === 'fail') {
    throw new FootageFailed(dropped.map((scene) => `scene ${scene.sceneIndex}: ${scene.reason}`).join('; '));
  }
  if (result.scenes.every((scene) => scene.status !== 'pending')) result.status = 'done';
  return result;
}

/** An ISO BMFF file says `ftyp` at byte 4. */
function isMp4(bytes: Uint8Array): boolean {
  return bytes.byteLength > 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp';
}
