// The Render function, a synchronous task of the generation state machine (RenderAd for the
// primary file, RenderPackItem for each other file of the pack, RenderRevision for version 2; docs/render-shape.md): cleans every
// image the storyboard names (the buyer's upload, the site's images), gives the storyboard a voice,
// composes the ad at the item's frame (compose/render-storyboard.ts), labels it as made with AI
// (media/label-ad.ts: XMP and a signed C2PA manifest), stores the MP4 (and the
// primary's poster) in the videos bucket and answers with what it stored. Progress goes through the
// order's progress writers: the primary moves the order's bar, a pack item its share of the pack's.
// A failure is thrown: Step Functions routes it (the primary to the failure path, a pack item to
// the pack's). An order no longer in the state its render belongs to (failed and refunded, or its
// pack given up) stops the render before it writes anything.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#common/s3-clients.ts';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import {
  packFileKey,
  packTextKey,
  type RenderedFile,
  type RenderRequest,
  type RenderTask,
  renderKeys,
  revisionKeys,
} from '#generation/generation-state.ts';
import { labelAd, stageC2paSigner } from '#generation/media/label-ad.ts';
import { renderingProgress, reportStage } from '#generation/order-progress.ts';
import { adCopyFiles, type PackTextFile } from '#generation/pack/copy-files.ts';
import { classifyStepError, RetryableStepError, StepFailure } from '#generation/step-errors.ts';
import { withOpening } from '#generation/storyboard/openings.ts';
import type { OpeningId, Storyboard, StoryboardAsset } from '#generation/storyboard/storyboard.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import type { SpokenWord } from '#generation/voice/voice.ts';
import { fetchPublicImage } from '#generation/website/fetch-public-page.ts';
import { reportPackRender } from '#orders/order-pack.ts';
import { reportRevisionProgress } from '#orders/order-revision.ts';
import { getOrder } from '#orders/order-store.ts';
import { taskHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { metrics } from '#powertools/metrics.ts';
import { adFormat } from '#shared/ad-formats.ts';
import { isPrimaryItem, packItemId } from '#shared/delivery-pack.ts';
import { businessMetrics } from '#shared/observability.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { cleanImage } from './clean-image.ts';
import { progressWrites } from './progress-writes.ts';

/**
 * A pack item moves the pack's bar in steps of this share: the pack's renders all write to one
 * row. The primary writes every whole percent of the order's bar (order-progress.ts), so the bar
 * moves with each line of the voice, each layer drawn and each second of the encode.
 */
const packReportStep = 0.15;

export const handler = taskHandler(renderAd);

async function renderAd({ request, item, revision }: RenderTask): Promise<RenderedFile> {
  const { orderId } = request;
  // Version 2 (the order's revision) is a primary file of its own: a poster, no pack texts.
  const primary = isPrimaryItem(item) && !revision;
  const order = await getOrder(orderId);
  const belongs = revision
    ? order?.order_status === 'completed' && order.revision_status === 'rendering'
    : primary
      ? order?.order_status === 'processing'
      : order?.order_status === 'completed' && order.pack_status === 'rendering';
  if (!belongs) {
    throw new StepFailure(
      'OrderNotProcessing',
      `Order ${orderId} is ${order?.order_status ?? 'missing'} (pack ${order?.pack_status ?? 'none'}, revision ${order?.revision_status ?? 'none'}): ${packItemId(item)} not rendered`,
    );
  }
  const writes = revision
    ? progressWrites((percent) => reportRevisionProgress(orderId, percent))
    : primary
      ? progressWrites((percent) => reportStage(orderId, 'rendering', percent))
      : progressWrites((fraction) => reportPackRender(orderId, packItemId(item), fraction));
  const step = revision
    ? (fraction: number) => Math.floor(fraction * 100)
    : primary
      ? (fraction: number) => renderingProgress(fraction, request.afterFootage)
      : (fraction: number) => (fraction >= 1 ? 1 : Math.floor(fraction / packReportStep) * packReportStep);
  const { width, height } = adFormat(item.format);
  const workDir = await mkdtemp(join(tmpdir(), 'render-'));
  try {
    // The signer first fails a stage without one before anything is rendered.
    const [images, footage, signer] = await Promise.all([
      cleanAssets(request, workDir),
      footageClips(request, workDir),
      stageC2paSigner(),
    ]);
    const storyboard = item.opening ? withOpening(request.storyboard, item.opening as OpeningId) : request.storyboard;
    const rendered = await renderStoryboard(storyboard, {
      images,
      voice: await createVoice(),
      footage,
      workDir,
      frame: { width, height },
      onProgress: (fraction) => writes.report(step(fraction)),
    });
    await writes.settled();
    const labelledBytes = await labelAd(rendered.videoPath, signer);
    const bucket = requireEnv(envNames.videosBucket);
    const videoKey = revision ? revisionKeys(orderId).video : packFileKey(orderId, item);
    const posterKey = revision ? revisionKeys(orderId).poster : primary ? renderKeys(orderId).poster : undefined;
    await Promise.all([
      s3().send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: videoKey,
          Body: await readFile(rendered.videoPath),
          ContentType: 'video/mp4',
        }),
      ),
      posterKey &&
        s3().send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: posterKey,
            Body: await readFile(rendered.posterPath),
            ContentType: 'image/jpeg',
          }),
        ),
      primary && storePackTexts(orderId, bucket, request, rendered),
    ]);
    metrics.addMetric(businessMetrics.renderSeconds, MetricUnit.Seconds, rendered.seconds.total);
    logger.info('Ad rendered', {
      orderId,
      item: packItemId(item),
      bytes: labelledBytes,
      seconds: rendered.durationSeconds,
      attempt: rendered.attempt,
      refused: rendered.refused,
      gates: rendered.gates.media,
      renderSeconds: rendered.seconds.total,
    });
    return { item, videoKey, ...(posterKey ? { posterKey } : {}), bytes: labelledBytes };
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    // A transient AWS failure (throttled, 5xx, network) is retried by the task; anything else (the
    // upload gone, a gate refusing the ad, ffmpeg failing) is the render's failure.
    const failure = transientOrSelf(error);
    if (failure instanceof RetryableStepError) throw failure;
    logger.error('Render failed', { orderId, item: packItemId(item), error: failure });
    throw new StepFailure('RenderFailed', `${packItemId(item)}: ${failure.message}`.slice(0, 500));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The pack's copy to paste and caption files, from the primary's voice as heard (the same in every
 * format). Secondary to the ad: one that cannot be written is logged and left out of the zip,
 * never a reason to fail the order.
 */
async function storePackTexts(
  orderId: string,
  bucket: string,
  request: RenderRequest,
  rendered: { storyboard: Storyboard; spokenWords: SpokenWord[] },
): Promise<void> {
  if (!request.site) return;
  let files: PackTextFile[];
  try {
    files = adCopyFiles({ storyboard: rendered.storyboard, site: request.site, spokenWords: rendered.spokenWords });
  } catch (error) {
    logger.error('Pack texts not written', { orderId, error });
    return;
  }
  await Promise.all(
    files.map((file) =>
      s3().send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: packTextKey(orderId, file.name),
          Body: file.body,
          ContentType: file.contentType,
        }),
      ),
    ),
  );
}

function transientOrSelf(error: unknown): Error {
  try {
    return classifyStepError(error);
  } catch (classified) {
    return classified as Error;
  }
}

/**
 * Every image the storyboard names, decoded once by sharp into a clean PNG (asset id → path). A
 * missing, hostile or broken site image is dropped with its reason and the ad is drawn without it;
 * the buyer's upload was checked when the order was made, so losing it fails the render.
 */
async function cleanAssets(request: RenderRequest, workDir: string): Promise<Record<string, string>> {
  const cleaned = await Promise.all(
    request.storyboard.assets.map(async (asset, index) => {
      const bytes = await assetBytes(asset);
      const outcome = 'failure' in bytes ? bytes : await cleanImage(bytes, join(workDir, `asset-${index}.png`));
      if ('path' in outcome) return [asset.id, outcome.path] as const;
      logger.warn('Footage image not used', { orderId: request.orderId, image: asset.id, reason: outcome.failure });
      return undefined;
    }),
  );
  return Object.fromEntries(cleaned.filter((entry) => entry !== undefined));
}

/** The AI footage clips, fetched from the videos bucket into the work folder (scene index → path). */
async function footageClips(request: RenderRequest, workDir: string): Promise<Record<number, string>> {
  const bucket = requireEnv(envNames.videosBucket);
  const clips = await Promise.all(
    (request.footage ?? []).map(async ({ sceneIndex, key }) => {
      const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const path = join(workDir, `clip-${sceneIndex}.mp4`);
      await writeFile(path, await object.Body!.transformToByteArray());
      return [sceneIndex, path] as const;
    }),
  );
  return Object.fromEntries(clips);
}

async function assetBytes(asset: StoryboardAsset): Promise<Uint8Array | { failure: string }> {
  if (asset.key) {
    const object = await s3().send(new GetObjectCommand({ Bucket: requireEnv(envNames.imagesBucket), Key: asset.key }));
    return object.Body!.transformToByteArray();
  }
  if (!asset.url) return { failure: 'the asset has neither a key nor a URL' };
  const fetched = await fetchPublicImage(asset.url);
  return 'bytes' in fetched ? fetched.bytes : { failure: fetched.failure };
}
