// Orders tables and file buckets: the properties the handlers and the privacy promises rely on.
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import { buildStack, resourceNamed, testParameters } from './stack.ts';

const prod = buildStack();
const staging = buildStack(testParameters({ stage: 'staging' }));
const table = (built: typeof prod, name: string) => resourceNamed(built.template, 'AWS::DynamoDB::GlobalTable', name);

describe('orders table', () => {
  const [, orders] = table(prod, 'OrdersOrdersTable');

  it('is keyed by the order id and streams every write with both images', () => {
    expect(orders.Properties.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    expect(orders.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('has the by_email_hash index (email hash, created at) for ops lookups', () => {
    expect(orders.Properties.GlobalSecondaryIndexes).toContainEqual({
      IndexName: 'by_email_hash',
      KeySchema: [
        { AttributeName: 'email_hash', KeyType: 'HASH' },
        { AttributeName: 'created_at', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
  });

  it('has the by_status index (status, updated at) for repairs, projecting no personal data', () => {
    expect(orders.Properties.GlobalSecondaryIndexes).toContainEqual({
      IndexName: 'by_status',
      KeySchema: [
        { AttributeName: 'order_status', KeyType: 'HASH' },
        { AttributeName: 'updated_at', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['payment_status', 'checkout_expires_at'] },
    });
  });

  it('has the sparse by_email_owed index (keys only) for the emails an SES outage kept back, and no other', () => {
    expect(orders.Properties.GlobalSecondaryIndexes).toContainEqual({
      IndexName: 'by_email_owed',
      KeySchema: [{ AttributeName: 'email_owed', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
    expect(orders.Properties.GlobalSecondaryIndexes.map((index: { IndexName: string }) => index.IndexName)).toEqual([
      'by_email_hash',
      'by_status',
      'by_email_owed',
    ]);
  });
});

describe('rate-limits and events tables', () => {
  it('rate-limits has pk/sk and expires items by expires_at', () => {
    const [, rateLimits] = table(prod, 'OrdersRateLimitsTable');

    expect(rateLimits.Properties.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(rateLimits.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
  });

  it('events is keyed by the Stripe event id and expires records by expires_at', () => {
    const [, events] = table(prod, 'OrdersEventsTable');

    expect(events.Properties.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    expect(events.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
  });
});

describe('every table', () => {
  it('is on demand with point-in-time recovery', () => {
    prod.template.resourcePropertiesCountIs(
      'AWS::DynamoDB::GlobalTable',
      {
        BillingMode: 'PAY_PER_REQUEST',
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      },
      4,
    );
  });

  it('is retained and protected from deletion on prod only', () => {
    for (const [, resource] of Object.entries(prod.template.findResources('AWS::DynamoDB::GlobalTable'))) {
      expect(resource.DeletionPolicy).toBe('Retain');
      expect(resource.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
    }
    for (const [, resource] of Object.entries(staging.template.findResources('AWS::DynamoDB::GlobalTable'))) {
      expect(resource.DeletionPolicy).toBe('Delete');
      expect(resource.Properties.Replicas[0].DeletionProtectionEnabled).toBe(false);
    }
  });
});

describe('file buckets', () => {
  const images = resourceNamed(prod.template, 'AWS::S3::Bucket', 'UploadsAdImagesBucket');
  const videos = resourceNamed(prod.template, 'AWS::S3::Bucket', 'UploadsVideosBucket');
  const [accessLogsId] = resourceNamed(prod.template, 'AWS::S3::Bucket', 'AccessLogs');

  it.each([
    ['ad-images', images],
    ['videos', videos],
  ])('%s is private, S3-encrypted, expires files after the retention and logs access', (_name, [, bucket]) => {
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: {
        Rules: [expect.objectContaining({ ExpirationInDays: config.limits.fileRetentionDays, Status: 'Enabled' })],
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: accessLogsId } },
    });
  });

  it.each([
    ['ad-images', images],
    ['videos', videos],
  ])('%s refuses every request without TLS', (_name, [bucketId]) => {
    prod.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('ad-images accepts presigned PUT/GET/HEAD from the site with the headers the upload signs', () => {
    expect(images[1].Properties.CorsConfiguration.CorsRules).toEqual([
      {
        AllowedOrigins: ['https://reelfive.com'],
        AllowedMethods: ['PUT', 'GET', 'HEAD'],
        AllowedHeaders: ['content-type', 'cache-control', 'if-none-match'],
        ExposedHeaders: ['ETag'],
        MaxAge: 3600,
      },
    ]);
  });

  it('videos accepts ranged GET/HEAD from the site only', () => {
    expect(videos[1].Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedOrigins: ['https://reelfive.com'], AllowedMethods: ['GET', 'HEAD'] }),
    ]);
  });

  it('no bucket policy allows anyone but CloudFront', () => {
    const allows = Object.values(prod.template.findResources('AWS::S3::BucketPolicy')).flatMap((policy) =>
      policy.Properties.PolicyDocument.Statement.filter(
        (statement: { Effect: string }) => statement.Effect === 'Allow',
      ),
    );

    expect(allows.map((statement) => statement.Principal)).toEqual([{ Service: 'cloudfront.amazonaws.com' }]);
  });
});
