// Putting images where the order flow finds them through the presigned URL the API hands out, as
// the browser does (straight into the twin's S3: images-bucket.ts).
import type { Twin } from '#local/twin.ts';
import { callApi } from './twin.ts';

export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const gifBytes = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Uploads `bytes` the way the site does: POST /api/uploads, then PUT with the signed headers. */
export async function uploadThroughApi(
  twin: Pick<Twin, 'url'>,
  bytes: Buffer,
  contentType = 'image/png',
  fileName = 'product.png',
) {
  const created = await callApi<{
    uploadUrl: string;
    storagePath: string;
    previewUrl: string;
    headers: Record<string, string>;
  }>(twin, 'POST', '/api/uploads', { fileName, contentType, size: bytes.length });
  if (created.status !== 200) throw new Error(`upload refused: ${JSON.stringify(created.body)}`);
  const put = await fetch(created.body.uploadUrl, {
    method: 'PUT',
    headers: created.body.headers,
    body: new Uint8Array(bytes),
  });
  return { ...created.body, putStatus: put.status };
}
