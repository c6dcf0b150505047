// SDK clients, created once per container on first use (the twin sets endpoints through the
// standard AWS_ENDPOINT_URL_* variables before the first request).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
}

export const dynamoDb = once(() => new DynamoDBClient({}));

export const documents = once(() =>
  DynamoDBDocumentClient.from(dynamoDb(), { marshallOptions: { removeUndefinedValues: true } }),
);

/** Path-style only where an emulator stands in for S3 (bucket names are not DNS names there). */
const s3Options = () => ({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });

export const s3 = once(() => new S3Client(s3Options()));

/**
 * For presigned URLs: the default checksum mode would sign the CRC32 of an empty body into the
 * URL and real S3 would reject the browser's upload (research/probe-aws-twin.md §4).
 */
export const s3Presigner = once(() => new S3Client({ ...s3Options(), requestChecksumCalculation: 'WHEN_REQUIRED' }));

export const stepFunctions = once(() => new SFNClient({}));
