// S3 clients, created once per container on first use (see dynamodb-clients.ts for why one module
// per service) and traced.
import { S3Client } from '@aws-sdk/client-s3';
import { once } from './once.ts';
import { tracer } from './powertools/tracer.ts';

/** Path-style only where an emulator stands in for S3 (bucket names are not DNS names there). */
const s3Options = () => ({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });

export const s3 = once(() => tracer.captureAWSv3Client(new S3Client(s3Options())));

/**
 * For presigned URLs: the default checksum mode would sign the CRC32 of an empty body into the
 * URL and real S3 would reject the browser's upload (measured against S3's presigning). Not traced:
 * presigning sends no request.
 */
export const s3Presigner = once(() => new S3Client({ ...s3Options(), requestChecksumCalculation: 'WHEN_REQUIRED' }));
