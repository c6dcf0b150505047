// The finished ad's links for the order page: short-lived presigned GETs, made at each read
// (docs/design.md "Order lifecycle"), so nothing stored ever holds a URL that dies. Once the retention lifecycle has
// removed the video, the order says so instead.
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3, s3Presigner } from '#common/s3-clients.ts';
import { serviceLimits } from '#shared/config.ts';
import type { OrderPackView, OrderView } from '#shared/contract.ts';
import {
  packFileName,
  packFilePlacements,
  packItemId,
  packItemLabel,
  packOpenings,
  packZipFileName,
} from '#shared/delivery-pack.ts';
import { placementVerdict } from '#shared/placements.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import type { OrderRecord } from './order-record.ts';

export type VideoLinks = Pick<
  OrderView,
  'video_url' | 'download_url' | 'poster_url' | 'expires_at' | 'video_expired' | 'pack'
>;

type LinkedOrder = Pick<
  OrderRecord,
  | 'id'
  | 'duration_seconds'
  | 'order_status'
  | 'video_key'
  | 'poster_key'
  | 'pack_status'
  | 'pack_progress'
  | 'pack_files'
  | 'pack_zip_key'
>;

/** The name the Download button saves the file under. */
export const downloadFileName = (orderId: string) => `reelfive-ad-${orderId.slice(0, 8)}.mp4`;

export async function videoLinks(order: LinkedOrder, now = new Date()): Promise<VideoLinks> {
  if (order.order_status !== 'completed' || !order.video_key) return {};
  const cached = recentLinks.get(order.id);
  // The pack's progress is no link: it is read fresh from the row, whatever was signed.
  const pack = order.pack_status;
  if (
    cached &&
    now.getTime() - cached.signedAt < linkReuseMs &&
    cached.videoKey === order.video_key &&
    cached.pack === pack
  ) {
    return withPackProgress(cached.links, order);
  }
  const links = await signLinks(order, order.video_key, now);
  if (!links.video_expired) {
    if (recentLinks.size >= maxRecentLinks) recentLinks.delete(recentLinks.keys().next().value as string);
    recentLinks.set(order.id, { links, signedAt: now.getTime(), videoKey: order.video_key, pack });
  }
  return withPackProgress(links, order);
}

function withPackProgress(links: VideoLinks, order: LinkedOrder): VideoLinks {
  if (!links.pack) return links;
  return {
    ...links,
    pack: { ...links.pack, progress: order.pack_status === 'ready' ? 100 : (order.pack_progress ?? 0) },
  };
}

// The page re-reads its order on every live update and reconnect. Handing out the same links for a
// minute keeps the player's URL (and the browser's cached video) stable across those reads and
// spares a HEAD and three signatures per read; a reused link still has ≥ 14 of its 15 minutes.
const linkReuseMs = 60_000;
const maxRecentLinks = 500;
const recentLinks = new Map<
  string,
  { links: VideoLinks; signedAt: number; videoKey: string; pack: LinkedOrder['pack_status'] }
>();

async function signLinks(order: LinkedOrder, videoKey: string, now: Date): Promise<VideoLinks> {
  const bucket = requireEnv(envNames.videosBucket);
  // One HEAD per signing: the lifecycle rule is the truth about expiry (it
  // runs some time after the retention day), and a player pointed at a deleted object only
  // shows a broken video.
  if (!(await objectExists(bucket, videoKey))) return { video_expired: true };
  const expiresIn = serviceLimits.presignedUrlSeconds;
  const presign = (command: GetObjectCommand) => getSignedUrl(s3Presigner(), command, { expiresIn, signingDate: now });
  const [videoUrl, downloadUrl, posterUrl] = await Promise.all([
    // The type is signed into each URL (as for uploads): S3 serves what the URL says, whatever
    // the stored object claims, and browsers get no chance to sniff it as something else.
    presign(new GetObjectCommand({ Bucket: bucket, Key: videoKey, ResponseContentType: 'video/mp4' })),
    presign(
      new GetObjectCommand({
        Bucket: bucket,
        Key: videoKey,
        ResponseContentType: 'video/mp4',
        ResponseContentDisposition: `attachment; filename="${downloadFileName(order.id)}"`,
      }),
    ),
    order.poster_key
      ? presign(new GetObjectCommand({ Bucket: bucket, Key: order.poster_key, ResponseContentType: 'image/jpeg' }))
      : undefined,
  ]);
  const pack = order.pack_status ? await packLinks(order, presign, bucket) : undefined;
  return {
    video_url: videoUrl,
    download_url: downloadUrl,
    ...(posterUrl ? { poster_url: posterUrl } : {}),
    ...(pack ? { pack } : {}),
    // Signed at `now`; the page re-reads the order before this to get fresh links.
    expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString(),
  };
}

/** The pack's status, and once ready every file and the zip as attachment downloads under their pack names. */
async function packLinks(
  order: LinkedOrder,
  presign: (command: GetObjectCommand) => Promise<string>,
  bucket: string,
): Promise<OrderPackView> {
  const status = order.pack_status ?? 'rendering';
  const progress = status === 'ready' ? 100 : (order.pack_progress ?? 0);
  if (status !== 'ready' || !order.pack_files || !order.pack_zip_key) return { status, progress };
  const download = (key: string, name: string, type: string) =>
    presign(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: type,
        ResponseContentDisposition: `attachment; filename="${name}"`,
      }),
    );
  const [files, zipUrl] = await Promise.all([
    Promise.all(
      order.pack_files.map(async (file) => ({
        id: packItemId(file.item),
        label: packItemLabel(file.item),
        bytes: file.bytes,
        download_url: await download(file.key, packFileName(order.id, file.item), 'video/mp4'),
        placements: packFilePlacements(file, order.duration_seconds).map((check) => ({
          name: check.name,
          pass: check.pass,
          verdict: placementVerdict(check),
        })),
      })),
    ),
    download(order.pack_zip_key, packZipFileName(order.id), 'application/zip'),
  ]);
  return { status, progress, files, zip_url: zipUrl, openings: packOpenings(order.pack_files) };
}

async function objectExists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return false;
    throw error;
  }
}
