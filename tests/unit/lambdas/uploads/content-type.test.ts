// An upload's content type is one of three image types, and nothing else ever reaches S3 or the
// browser: POST /api/uploads refuses any other (also names every object has, such as
// `constructor`), and every presigned GET of an upload signs the type S3 must answer with.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Presigner } from '#common/s3-clients.ts';
import { lambdaContext } from '#local/lambda/context.ts';
import { config, serviceLimits } from '#shared/config.ts';
import { messages, uploadContentTypeOfKey, uploadContentTypes } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';

// The per-IP count is DynamoDB's business (tests/integration/lambdas/orders/order-limits.test.ts); here it always passes.
vi.mock('#common/ip-limit.ts', () => ({ countIpAttempt: async () => undefined }));

const { handler } = await import('#uploads/create-upload.handler.ts');
const { presignImageRead } = await import('#uploads/image-upload.ts');

beforeAll(() => {
  vi.stubEnv(envNames.imagesBucket, 'reelfive-ad-images');
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAIOSFODNN7EXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
  vi.stubEnv('AWS_SESSION_TOKEN', '');
});

const uploadKey = '3f1c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

function createUpload(body: unknown) {
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: 'POST /api/uploads',
    rawPath: '/api/uploads',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.com',
      domainPrefix: 'example',
      http: { method: 'POST', path: '/api/uploads', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' },
      requestId: 'request',
      routeKey: 'POST /api/uploads',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 1_767_225_600_000,
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
  return handler(event, lambdaContext('CreateUpload', 10)) as Promise<{ statusCode: number; body: string }>;
}

describe('POST /api/uploads content types', () => {
  it.each([
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'text/html',
    'IMAGE/PNG',
    'image/svg+xml',
  ])('answers 400 VALIDATION for the content type %s', async (contentType) => {
    // Act
    const answer = await createUpload({ fileName: 'a.png', contentType, size: 100 });

    // Assess
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: messages.invalidFileType, errorCode: 'VALIDATION' });
  });

  it.each(uploadContentTypes)('presigns an upload of %s whose preview is served as that type', async (contentType) => {
    // Act
    const answer = await createUpload({ fileName: 'product', contentType, size: 100 });

    // Assess
    expect(answer.statusCode).toBe(200);
    const { uploadUrl, previewUrl, storagePath, headers } = JSON.parse(answer.body);
    expect(headers['Content-Type']).toBe(contentType);
    expect(new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(uploadContentTypeOfKey(storagePath)).toBe(contentType);
    expect(new URL(previewUrl).searchParams.get('response-content-type')).toBe(contentType);
  });

  it('accepts exactly the types the order form offers', () => {
    expect([...uploadContentTypes].sort()).toEqual([...config.limits.uploadContentTypes].sort());
  });
});

describe('presigned GET of an upload', () => {
  it.each([
    ['jpg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ])('signs response-content-type for a .%s key into the query', async (extension, contentType) => {
    // Act
    const url = new URL(await presignImageRead(`${uploadKey}.${extension}`));

    // Assess: SigV4 signs every query parameter but the signature, so S3 refuses a changed type.
    expect(url.searchParams.get('response-content-type')).toBe(contentType);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.pathname.endsWith(`/${uploadKey}.${extension}`)).toBe(true);
  });

  it('covers response-content-type with its signature, so a changed type is refused by S3', async () => {
    // Prepare: the same request signed at the same instant, once as presignImageRead signs it.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T09:00:00Z') });
    const key = `${uploadKey}.png`;
    const signatureServing = async (contentType: string) => {
      const read = new GetObjectCommand({ Bucket: 'reelfive-ad-images', Key: key, ResponseContentType: contentType });
      return new URL(
        await getSignedUrl(s3Presigner(), read, { expiresIn: serviceLimits.presignedUrlSeconds }),
      ).searchParams.get('X-Amz-Signature');
    };

    try {
      // Act
      const signed = new URL(await presignImageRead(key)).searchParams.get('X-Amz-Signature');

      // Assess
      expect(signed).toBe(await signatureServing('image/png'));
      expect(signed).not.toBe(await signatureServing('text/html'));
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(['constructor', `${uploadKey}.html`, `${uploadKey}.svg`])('refuses to presign %s', async (key) => {
    await expect(presignImageRead(key)).rejects.toThrow('Not an upload key');
  });
});
