// PUT the image bytes to the presigned URL. The headers are exactly those the API returned:
// they are part of the signature, so adding or changing one makes storage refuse the upload.
import type { CreateUploadResponse } from '#shared/contract';

export async function putImage(upload: Pick<CreateUploadResponse, 'uploadUrl' | 'headers'>, file: Blob): Promise<void> {
  const response = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: file });
  if (!response.ok) throw new Error(`Storage refused the image (HTTP ${response.status}).`);
}
