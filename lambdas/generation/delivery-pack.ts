// Delivering the pack (docs/design.md "Generation pipeline"): every file the renders stored is checked, the zip of them all
// with the buyer's licence, the copy to paste, the captions and how to set each platform's AI
// label is written beside them, the order's pack is marked ready and the buyer
// gets the `pack_ready` email. The zip is made with fflate (pure JS, no dependencies, typed, kept up
// by its author since 2020): the MP4s are already compressed, so they are stored, not deflated,
// and a pack of tens of MB zips in well under a second without a native binary in the bundle.
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { type Zippable, zipSync } from 'fflate';
import { s3 } from '#common/s3-clients.ts';
import { sendOrderEmail } from '#notifications/order-emails.ts';
import { markOrderPackReady } from '#orders/order-pack.ts';
import type { OrderPackFile } from '#orders/order-record.ts';
import { getOrder } from '#orders/order-store.ts';
import { logger } from '#powertools/logger.ts';
import { adFormat, primaryFormat } from '#shared/ad-formats.ts';
import { platformAiLabels } from '#shared/ai-disclosure.ts';
import { config } from '#shared/config.ts';
import { type PackItem, packFileName, packItemId, packItemLabel } from '#shared/delivery-pack.ts';
import { paths } from '#shared/paths.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { usageRightsText, usageRightsTitle } from '#shared/usage-rights.ts';
import { videoMaxBytes } from './deliver.ts';
import { packTextKey, packZipKey, type RenderedFile } from './generation-state.ts';
import { StepFailure } from './step-errors.ts';

export const licenceFileName = 'LICENCE.txt';
export const aiLabelFileName = 'AI-LABEL.txt';

/** The text files the primary render writes for the zip (render.handler.ts), absent when it could not. */
const renderedTextFiles = ['copy.txt', 'captions.srt', 'captions.vtt'] as const;

/** What the buyer does in each ad manager so the platform's AI label agrees with the files. */
export function aiLabelText(): string {
  return [
    'Every video in this pack says it was made with AI: it carries the IPTC digital source type',
    `"compositeWithTrainedAlgorithmicMedia" in its XMP metadata and a signed C2PA manifest. A platform`,
    "re-encoding the upload may drop both, so set each platform's own label when you create the ad:",
    '',
    ...platformAiLabels.flatMap((platform) => [`${platform.platform}: "${platform.label}"`, platform.howToSet, '']),
  ].join('\n');
}

/** The zip's text files beside the videos: the copy to paste, the captions and the AI-label how-to. */
async function packTextFiles(orderId: string, bucket: string): Promise<Zippable> {
  const entries: Zippable = { [aiLabelFileName]: new TextEncoder().encode(aiLabelText()) };
  await Promise.all(
    renderedTextFiles.map(async (name) => {
      try {
        const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: packTextKey(orderId, name) }));
        entries[name] = await object.Body!.transformToByteArray();
      } catch (error) {
        if ((error as Error).name !== 'NoSuchKey') throw error;
      }
    }),
  );
  return entries;
}

/** The licence the zip carries: the terms' usage rights, for this order and its files. */
export function licenceText(orderId: string, files: readonly OrderPackFile[]): string {
  const terms = `${config.siteUrl.replace(/\/+$/, '')}${paths.terms}`;
  return [
    `${config.brand.name} (${config.company.name}): ${usageRightsTitle}`,
    `Order ${orderId}`,
    '',
    usageRightsText,
    '',
    'This licence covers these files of the order:',
    ...files.map((file) => `- ${packFileName(orderId, file.item)}: ${packItemLabel(file.item)}`),
    '',
    `The full terms: ${terms}`,
    '',
  ].join('\n');
}

/** Checks every file, writes the zip, marks the pack ready and mails the buyer; a retry does the same again. */
export async function deliverPack(orderId: string, rendered: readonly RenderedFile[]): Promise<OrderPackFile[]> {
  const bucket = requireEnv(envNames.videosBucket);
  const files = await Promise.all(rendered.map((file) => checkedFile(orderId, bucket, file)));
  const entries: Zippable = {};
  await Promise.all(
    files.map(async (file) => {
      const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: file.key }));
      entries[packFileName(orderId, file.item)] = [await object.Body!.transformToByteArray(), { level: 0 }];
    }),
  );
  entries[licenceFileName] = new TextEncoder().encode(licenceText(orderId, files));
  Object.assign(entries, await packTextFiles(orderId, bucket));
  const zip = zipSync(entries, { level: 0 });
  const zipKey = packZipKey(orderId);
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: zipKey, Body: zip, ContentType: 'application/zip' }));
  if (!(await markOrderPackReady(orderId, files, zipKey))) {
    throw new StepFailure('OrderNotProcessing', `Order ${orderId}: its pack is no longer rendering`);
  }
  // A pack of the primary file alone has nothing to announce: the ready email gave it.
  const order = files.length > 1 ? await getOrder(orderId) : undefined;
  // Never throws and sends once per order: a retried DeliverPack does not mail the buyer again.
  const mailed = order ? await sendOrderEmail('pack_ready', order) : false;
  logger.info('Pack delivered', { orderId, files: files.length, zipBytes: zip.length, mailed });
  return files;
}

/** The primary's limit (deliver.ts) grown with the frame's pixels: a 1080x1920 file may be 2.25 times as big. */
function fileMaxBytes(item: PackItem): number {
  const { width, height } = adFormat(item.format);
  return Math.round(videoMaxBytes * Math.max(1, (width * height) / (primaryFormat.width * primaryFormat.height)));
}

async function checkedFile(orderId: string, bucket: string, file: RenderedFile): Promise<OrderPackFile> {
  const what = `Order ${orderId}: ${packItemId(file.item)}`;
  let length: number;
  let type: string | undefined;
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: file.videoKey }));
    length = head.ContentLength ?? 0;
    type = head.ContentType?.split(';')[0]?.trim().toLowerCase();
  } catch (error) {
    if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') {
      throw new StepFailure('DeliveryFailed', `${what} is missing`);
    }
    throw error;
  }
  if (!length) throw new StepFailure('DeliveryFailed', `${what} is empty`);
  const limit = fileMaxBytes(file.item);
  if (length > limit) throw new StepFailure('DeliveryFailed', `${what} is ${length} bytes, over ${limit}`);
  if (type !== 'video/mp4') throw new StepFailure('DeliveryFailed', `${what} is ${type ?? 'untyped'}, not video/mp4`);
  return { item: file.item, key: file.videoKey, bytes: length };
}
