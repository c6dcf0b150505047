// PUT the image bytes to the presigned URL. XMLHttpRequest rather than fetch because only it
// reports upload progress. The headers are exactly those the API returned: they are part of the
// signature, so adding or changing one makes storage refuse the upload.
import type { CreateUploadResponse } from '#shared/contract.ts';

/** Whole percent sent, 0–100; 0 while the total is unknown. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export interface PutImageOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function putImage(
  upload: Pick<CreateUploadResponse, 'uploadUrl' | 'headers'>,
  file: Blob,
  { onProgress, signal }: PutImageOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    const onAbortSignal = () => request.abort();
    const settle = (error?: Error) => {
      signal?.removeEventListener('abort', onAbortSignal);
      if (error) reject(error);
      else resolve();
    };
    request.open('PUT', upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) request.setRequestHeader(name, value);
    // Listeners on `upload` must be attached before send() or the browser never reports progress.
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(100);
        settle();
      } else {
        settle(new Error(`Storage refused the image (HTTP ${request.status}).`));
      }
    });
    request.addEventListener('error', () => settle(new Error('The image upload failed to reach storage.')));
    request.addEventListener('timeout', () => settle(new Error('The image upload timed out.')));
    request.addEventListener('abort', () => settle(new DOMException('The upload was aborted.', 'AbortError')));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    request.send(file);
  });
}
