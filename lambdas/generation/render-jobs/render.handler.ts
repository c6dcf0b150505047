// The Render function, invoked asynchronously by StartRender: cleans every image the storyboard
// names (the buyer's upload, the site's images), gives the storyboard a voice and composes the ad
// (compose/render-storyboard.ts), labels it as made with AI (media/label-ad.ts: XMP and a signed
// C2PA manifest), stores MP4 + poster in the videos bucket and reports through the status object.
// It never throws: a failure is reported as a failed status, which CheckRender turns
// into the failure path (an async Lambda retry would only render the same failure twice). An invoke
// can wait in Lambda's queue; if its order stopped processing meanwhile (failed and refunded, or
// already delivered), the render stops at once and writes nothing. A finished render reports how
// long composing the ad took (RenderSeconds).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#common/s3-clients.ts';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { renderKeys } from '#generation/generation-state.ts';
import { labelAd, stageC2paSigner } from '#generation/media/label-ad.ts';
import type { StoryboardAsset } from '#generation/storyboard/storyboard.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import { fetchPublicImage } from '#generation/website/fetch-public-page.ts';
import { getOrder } from '#orders/order-store.ts';
import { invokeHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { metrics } from '#powertools/metrics.ts';
import { businessMetrics } from '#shared/observability.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { cleanImage } from './clean-image.ts';
import type { RenderRequest } from './render-request.ts';
import { writeRenderStatus } from './render-status.ts';

/** Status writes are S3 PUTs; a few per render are plenty for a progress bar. */
const reportEvery = 0.15;

export const handler = invokeHandler(renderAd);

async function renderAd(request: RenderRequest): Promise<void> {
  const { orderId } = request;
  const workDir = await mkdtemp(join(tmpdir(), 'render-'));
  try {
    const order = await getOrder(orderId);
    if (order?.order_status !== 'processing') {
      logger.warn('Render skipped: the order is no longer processing', {
        orderId,
        orderStatus: order?.order_status ?? 'missing',
      });
      return;
    }
    // The signer first fails a stage without one before anything is rendered.
    const [images, footage, signer] = await Promise.all([
      cleanAssets(request, workDir),
      footageClips(request, workDir),
      stageC2paSigner(),
    ]);
    let reported = 0;
    let reporting = Promise.resolve();
    const rendered = await renderStoryboard(request.storyboard, {
      images,
      voice: await createVoice(),
      footage,
      workDir,
      onProgress: (fraction) => {
        if (fraction - reported < reportEvery) return;
        reported = fraction;
        // Progress reports are best effort and never overlap; the final status is awaited below.
        reporting = reporting
          .then(() => writeRenderStatus(orderId, { jobId: orderId, status: 'running', fraction }))
          .catch(() => {});
      },
    });
    await reporting;
    const labelledBytes = await labelAd(rendered.videoPath, signer);
    const keys = renderKeys(orderId);
    const bucket = requireEnv(envNames.videosBucket);
    await Promise.all([
      s3().send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keys.video,
          Body: await readFile(rendered.videoPath),
          ContentType: 'video/mp4',
        }),
      ),
      s3().send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keys.poster,
          Body: await readFile(rendered.posterPath),
          ContentType: 'image/jpeg',
        }),
      ),
    ]);
    await writeRenderStatus(orderId, {
      jobId: orderId,
      status: 'succeeded',
      fraction: 1,
      videoKey: keys.video,
      posterKey: keys.poster,
    });
    metrics.addMetric(businessMetrics.renderSeconds, MetricUnit.Seconds, rendered.seconds.total);
    logger.info('Ad rendered', {
      orderId,
      bytes: labelledBytes,
      seconds: rendered.durationSeconds,
      attempt: rendered.attempt,
      refused: rendered.refused,
      gates: rendered.gates.media,
      renderSeconds: rendered.seconds.total,
    });
  } catch (error) {
    logger.error('Render failed', { orderId, error: error as Error });
    await writeRenderStatus(orderId, {
      jobId: orderId,
      status: 'failed',
      fraction: 0,
      error: (error as Error).message.slice(0, 500),
    }).catch((statusError: Error) => logger.error('Render status not written', { orderId, error: statusError }));
  } finally {
    await rm(workDir, { recursive: true, force: true });
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
