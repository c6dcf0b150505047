// The free revision as the order page reads it (GET /api/orders/{id}, shared/contract.ts
// `revision`): until when it may be asked for, then its progress, what the writer was asked and,
// once ready, version 2's links, signed at each read like version 1's.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Presigner } from '#common/s3-clients.ts';
import { serviceLimits } from '#shared/config.ts';
import type { OrderRevisionView } from '#shared/contract.ts';
import { revisionAvailableUntil } from '#shared/revision.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';
import { whyNoRevision } from './revision-availability.ts';

/** The download name of version 2. */
export const revisionFileName = (orderId: string) => `reelfive-ad-${orderId.slice(0, 8)}-v2.mp4`;

/** Absent for an order that is not completed. */
export async function revisionView(order: OrderRecord, now = new Date()): Promise<OrderRevisionView | undefined> {
  if (order.order_status !== 'completed') return undefined;
  if (!order.revision_status) {
    return whyNoRevision(order, now)
      ? {}
      : { available_until: revisionAvailableUntil(order.completed_at ?? order.created_at).toISOString() };
  }
  const view: OrderRevisionView = {
    status: order.revision_status,
    progress: order.revision_status === 'ready' ? 100 : (order.revision_progress ?? 0),
    note: order.revision_note ?? '',
    requests: order.revision_requests ?? [],
    beyond: order.revision_beyond ?? [],
    ...(order.revision_not_done ? { not_done: order.revision_not_done } : {}),
  };
  if (order.revision_status !== 'ready' || !order.revision_video_key) return view;
  const bucket = requireEnv(envNames.videosBucket);
  const presign = (command: GetObjectCommand) =>
    getSignedUrl(s3Presigner(), command, { expiresIn: serviceLimits.presignedUrlSeconds, signingDate: now });
  const video = (disposition?: string) =>
    presign(
      new GetObjectCommand({
        Bucket: bucket,
        Key: order.revision_video_key,
        ResponseContentType: 'video/mp4',
        ...(disposition ? { ResponseContentDisposition: disposition } : {}),
      }),
    );
  const [videoUrl, downloadUrl, posterUrl] = await Promise.all([
    video(),
    video(`attachment; filename="${revisionFileName(order.id)}"`),
    order.revision_poster_key
      ? presign(
          new GetObjectCommand({ Bucket: bucket, Key: order.revision_poster_key, ResponseContentType: 'image/jpeg' }),
        )
      : undefined,
  ]);
  return { ...view, video_url: videoUrl, download_url: downloadUrl, ...(posterUrl ? { poster_url: posterUrl } : {}) };
}
