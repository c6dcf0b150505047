// The preview of an upload, fetched as the order form's <img> does: its presigned GET names the
// image type S3 must answer with (s3rver honours response-content-type as S3 does).
import { describe, expect, it } from 'vitest';
import { twinForSuite } from '../../support/twin.ts';
import { pngBytes, uploadThroughApi } from '../../support/uploads.ts';

const twin = twinForSuite();

describe('upload preview', () => {
  it('is served as the uploaded image type, which its URL carries', async () => {
    // Prepare
    const upload = await uploadThroughApi(twin.current, pngBytes, 'image/png', 'product.png');

    // Act
    const preview = await fetch(upload.previewUrl);

    // Assess
    expect(upload.putStatus).toBe(200);
    expect(new URL(upload.previewUrl).searchParams.get('response-content-type')).toBe('image/png');
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(pngBytes);
  });
});
