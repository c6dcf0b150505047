// Buyer images: a presigned PUT for exactly one new key (type, length, cache-control and
// no-overwrite signed), the presigned GET of its preview (the served type signed too), and the
// check at order time that the object is a real small image.
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ApiFailure } from '#common/api-failure.ts';
import { sniffImageType } from '#common/image-type.ts';
import { s3, s3Presigner } from '#common/s3-clients.ts';
import { config, serviceLimits } from '#shared/config.ts';
import {
  apiMessages,
  type CreateUploadInput,
  type CreateUploadResponse,
  messages,
  uploadContentTypeOfKey,
  uploadExtensions,
} from '#shared/contract.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

const imagesBucket = () => requireEnv(envNames.imagesBucket);
const uploadUrlSeconds = 15 * 60;

export async function presignImageUpload(request: CreateUploadInput): Promise<CreateUploadResponse> {
  const key = `${randomUUID()}.${uploadExtensions[request.contentType]}`;
  const headers = {
    'Content-Type': request.contentType,
    'Cache-Control': `max-age=${serviceLimits.uploadCacheSeconds}`,
    'If-None-Match': '*',
  };
  const put = new PutObjectCommand({
    Bucket: imagesBucket(),
    Key: key,
    ContentType: headers['Content-Type'],
    ContentLength: request.size,
    CacheControl: headers['Cache-Control'],
    IfNoneMatch: headers['If-None-Match'],
  });
  const uploadUrl = await getSignedUrl(s3Presigner(), put, {
    expiresIn: uploadUrlSeconds,
    signableHeaders: new Set(['content-type', 'content-length', 'cache-control', 'if-none-match']),
  });
  return { uploadUrl, storagePath: key, previewUrl: await presignImageRead(key), headers };
}

/**
 * A short-lived GET of an upload that S3 answers with the image type its key names, whatever type
 * the object was stored with: `response-content-type` is part of the signed query, so the page
 * holding the URL cannot change it, and a browser never gets a stored type it would sniff as HTML.
 */
export async function presignImageRead(key: string): Promise<string> {
  const contentType = uploadContentTypeOfKey(key);
  if (!contentType) throw new Error(`Not an upload key: ${key}`);
  const read = new GetObjectCommand({ Bucket: imagesBucket(), Key: key, ResponseContentType: contentType });
  return getSignedUrl(s3Presigner(), read, { expiresIn: serviceLimits.presignedUrlSeconds });
}

/** At order time: the upload exists, is ≤ 5 MB and its bytes are the type its key says. */
export async function verifyUploadedImage(key: string): Promise<void> {
  let size: number;
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: imagesBucket(), Key: key }));
    size = head.ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound || (error as Error).name === 'NotFound') {
      throw new ApiFailure('UPLOAD_INVALID', apiMessages.uploadMissing);
    }
    throw error;
  }
  if (size > config.limits.uploadMaxBytes) throw new ApiFailure('UPLOAD_INVALID', messages.fileTooLarge);
  // An empty object has no bytes to sniff (S3 refuses the range): it is no image.
  if (size === 0) throw new ApiFailure('UPLOAD_INVALID', messages.invalidFileType);
  const start = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: key, Range: 'bytes=0-15' }));
  const bytes = await start.Body?.transformToByteArray();
  const declared = key.slice(key.lastIndexOf('.') + 1);
  if (!bytes || sniffImageType(bytes) !== declared) throw new ApiFailure('UPLOAD_INVALID', messages.invalidFileType);
}
