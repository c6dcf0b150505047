// The Render function, invoked asynchronously by StartRender: gathers the footage (the buyer's
// upload, else the site's image, else none: a brand-colour motion background), renders the ad
// with ffmpeg, stores MP4 + poster in the videos bucket and reports through the status object.
// It never throws: a failure is reported as a failed status, which CheckRender turns into the
// failure path (an async Lambda retry would only render the same failure twice). An invoke can
// wait in Lambda's queue; if its order stopped processing meanwhile (failed and refunded, or
// already delivered), the render stops at once and writes nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getOrder } from '#orders/order-store';
import { logger } from '#shared/logger';
import { envNames, requireEnv } from '#shared/runtime-env';
import { s3 } from '#shared/s3-clients';
import { renderKeys } from '../generation-state.ts';
import { renderAd } from '../render/render-ad.ts';
import { fetchPublicImage } from '../website/fetch-public-page.ts';
import { cleanImage } from './clean-image.ts';
import { type RenderRequest, renderSpecFor } from './render-request.ts';
import { writeRenderStatus } from './render-status.ts';

/** Status writes are S3 PUTs; a few per render are plenty for a progress bar. */
const reportEvery = 0.15;

export async function handler(request: RenderRequest): Promise<void> {
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
    const images = await footageImages(request, workDir);
    let reported = 0;
    let reporting = Promise.resolve();
    const rendered = await renderAd(renderSpecFor(request.script, images), {
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
    logger.info('Ad rendered', { orderId, bytes: rendered.bytes, seconds: rendered.durationSeconds });
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
 * The ad's footage: the buyer's upload, else the site's image, else none (a brand-colour motion
 * background). Each is decoded once by sharp into a clean PNG; a hostile or broken one is dropped
 * with its reason and the next is tried, so a bad image never fails the render.
 */
async function footageImages(request: RenderRequest, workDir: string): Promise<string[]> {
  const { orderId } = request;
  if (request.imageKey) {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: requireEnv(envNames.imagesBucket), Key: request.imageKey }),
    );
    const upload = await cleanImage(await object.Body!.transformToByteArray(), join(workDir, 'upload.png'));
    if ('path' in upload) return [upload.path];
    logger.warn('Footage image not used', { orderId, image: 'upload', reason: upload.failure });
  }
  if (request.siteImageUrl) {
    const fetched = await fetchPublicImage(request.siteImageUrl);
    const site = 'bytes' in fetched ? await cleanImage(fetched.bytes, join(workDir, 'site.png')) : fetched;
    if ('path' in site) return [site.path];
    logger.warn('Footage image not used', { orderId, image: 'site', reason: site.failure });
  }
  return [];
}
