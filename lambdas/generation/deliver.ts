// Delivering a finished render (docs/design.md "Generation pipeline"): the MP4 and poster the render left in the
// videos bucket are checked, recorded on the order and announced to the buyer by email.
import { HeadObjectCommand, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import { s3 } from '#common/s3-clients.ts';
import { sendOrderEmail } from '#notifications/order-emails.ts';
import { recordOrderDelivery } from '#orders/order-lifecycle.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { logger } from '#powertools/logger.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { StepFailure } from './step-errors.ts';

/**
 * A 12 s 720x1280 ad at our encoder settings is 2–4 MB; far more means a runaway bitrate, and a
 * file the buyer would struggle to upload to an ad platform. Such a render is not delivered.
 */
export const videoMaxBytes = 8 * 1024 * 1024;

export interface DeliveryKeys {
  videoKey: string;
  posterKey: string;
  /** What the script was written from (the ready email says it). */
  siteSource?: OrderRecord['site_source'];
}

/** Checks both files, records them on the processing order and sends the `ready` email. */
export async function deliverAd(orderId: string, keys: DeliveryKeys, cost?: OrderRecord['cost']): Promise<OrderRecord> {
  const videoBytes = await checkRenderedFiles(orderId, keys);
  const order = await recordDeliveredKeys(orderId, keys, cost);
  // Never throws and sends once per order: a retried Deliver does not mail the buyer again.
  const mailed = await sendOrderEmail('ready', order);
  logger.info('Ad delivered', { orderId, videoBytes, mailed });
  return order;
}

/**
 * The render's MP4 and poster are there, typed, and the video is not empty nor over the limit
 * (version 1 and the revision's version 2 alike); answers the video's bytes.
 */
export async function checkRenderedFiles(orderId: string, keys: DeliveryKeys): Promise<number> {
  const [video, poster] = await Promise.all([headVideoObject(keys.videoKey), headVideoObject(keys.posterKey)]);
  if (!video) throw new StepFailure('DeliveryFailed', `Order ${orderId}: the video ${keys.videoKey} is missing`);
  if (!poster) throw new StepFailure('DeliveryFailed', `Order ${orderId}: the poster ${keys.posterKey} is missing`);
  if ((video.ContentLength ?? 0) > videoMaxBytes) {
    throw new StepFailure(
      'DeliveryFailed',
      `Order ${orderId}: the video is ${video.ContentLength} bytes, over the ${videoMaxBytes}-byte limit`,
    );
  }
  if (!(video.ContentLength ?? 0)) throw new StepFailure('DeliveryFailed', `Order ${orderId}: the video is empty`);
  expectType(orderId, 'video', video, 'video/mp4');
  expectType(orderId, 'poster', poster, 'image/jpeg');
  return video.ContentLength ?? 0;
}

/** Keys, stage and progress in one write (one live update); a retry writes the same again. */
async function recordDeliveredKeys(
  orderId: string,
  keys: DeliveryKeys,
  cost?: OrderRecord['cost'],
): Promise<OrderRecord> {
  const order = await recordOrderDelivery(orderId, keys, cost);
  if (!order) throw new StepFailure('OrderNotProcessing', `Order ${orderId} is not processing`);
  return order;
}

function expectType(orderId: string, what: string, head: HeadObjectCommandOutput, type: string): void {
  const actual = head.ContentType?.split(';')[0]?.trim().toLowerCase();
  if (actual !== type) {
    throw new StepFailure('DeliveryFailed', `Order ${orderId}: the ${what} is ${actual ?? 'untyped'}, not ${type}`);
  }
}

/** The object's metadata, or null when it does not exist. */
async function headVideoObject(key: string): Promise<HeadObjectCommandOutput | null> {
  try {
    return await s3().send(new HeadObjectCommand({ Bucket: requireEnv(envNames.videosBucket), Key: key }));
  } catch (error) {
    if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}
