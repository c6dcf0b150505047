// The buyer's files: `ad-images` (uploads through presigned PUT, read back at order time) and
// `videos` (rendered MP4 + poster, read through presigned GET). Both private and short-lived.
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { type AccessLogsBucket, PrivateBucket } from '#lib/shared/buckets.ts';
import type { UploadsGrants } from '#lib/shared/grants.ts';
import { acknowledgeWildcardResource } from '#lib/shared/nag.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { config } from '#shared/config.ts';
import { previewPrefix } from '#shared/preview-contract.ts';
import { renderRequestFileName } from '#shared/revision.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface UploadsProps {
  /** The only origin whose pages may PUT and GET with presigned URLs. */
  siteUrl: string;
  accessLogs: AccessLogsBucket;
  retainData: boolean;
}

export class Uploads extends Construct implements UploadsGrants {
  readonly imagesBucket: PrivateBucket;
  readonly videosBucket: PrivateBucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    const lifecycleRules = [
      {
        expiration: Duration.days(config.limits.fileRetentionDays),
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      },
    ];

    this.imagesBucket = new PrivateBucket(this, 'AdImagesBucket', {
      accessLogs: props.accessLogs,
      retain: props.retainData,
      lifecycleRules,
      cors: [
        {
          allowedOrigins: [props.siteUrl],
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          // The headers the presigned PUT signs (content-length is set by the browser itself).
          allowedHeaders: ['content-type', 'cache-control', 'if-none-match'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
    });

    this.videosBucket = new PrivateBucket(this, 'VideosBucket', {
      accessLogs: props.accessLogs,
      retain: props.retainData,
      lifecycleRules,
      cors: [
        {
          allowedOrigins: [props.siteUrl],
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['range'],
          exposedHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges'],
          maxAge: 3600,
        },
      ],
    });
  }

  /** Presign the buyer's upload (PUT) and its preview (GET); the URL carries these rights. */
  grantPresign(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject'],
        resources: [this.imagesBucket.arnForObjects('*')],
      }),
    );
    this.acknowledgeAnyImageKey(fn);
    fn.addEnvironment(envNames.imagesBucket, this.imagesBucket.bucketName);
  }

  /** Check an upload at order time (HEAD + the first bytes). */
  grantImageRead(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.imagesBucket.arnForObjects('*')] }),
    );
    // Without ListBucket S3 answers 403 instead of 404 for a missing key, and the handler could not
    // tell a missing upload (400 UPLOAD_INVALID) from a real failure.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.imagesBucket.bucketArn] }));
    this.acknowledgeAnyImageKey(fn);
    fn.addEnvironment(envNames.imagesBucket, this.imagesBucket.bucketName);
  }

  /** Store what a preview read and its cleaned images under previews/, and presign their GETs. */
  grantPreviewWrite(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject'],
        resources: [this.imagesBucket.arnForObjects(`${previewPrefix}*`)],
      }),
    );
    // Without ListBucket a preview never read yet is a 403, not the 404 that means "not cached".
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.imagesBucket.bucketArn] }));
    this.acknowledgePreviewKeys(fn);
    fn.addEnvironment(envNames.imagesBucket, this.imagesBucket.bucketName);
  }

  /** Read what a preview read (the order's generation reuses it). */
  grantPreviewRead(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.imagesBucket.arnForObjects(`${previewPrefix}*`)],
      }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.imagesBucket.bucketArn] }));
    this.acknowledgePreviewKeys(fn);
    fn.addEnvironment(envNames.imagesBucket, this.imagesBucket.bucketName);
  }

  /** Read the rendered ad and poster (HEAD/GET, presigned GET); ListBucket so a missing key is a 404. */
  grantVideoRead(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.videosBucket.arnForObjects('*')] }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.videosBucket.bucketArn] }));
    this.acknowledgeAnyVideoKey(fn);
    fn.addEnvironment(envNames.videosBucket, this.videosBucket.bucketName);
  }

  /**
   * Read an order's kept render request (the revision route's dry run), no other object of the
   * videos bucket; ListBucket so an order without one (made before they were kept) is a 404.
   */
  grantRenderRequestRead(fn: ReelFiveFunction): void {
    const renderRequests = this.videosBucket.arnForObjects(`*/${renderRequestFileName}`);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [renderRequests] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.videosBucket.bucketArn] }));
    acknowledgeWildcardResource(
      fn.executionRole,
      renderRequests,
      'Render request keys start with the order id, known only at run time; that one file of each order only.',
    );
    fn.addEnvironment(envNames.videosBucket, this.videosBucket.bucketName);
  }

  /** Write the rendered ad, poster and render status. */
  grantVideoWrite(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject'],
        resources: [this.videosBucket.arnForObjects('*')],
      }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.videosBucket.bucketArn] }));
    this.acknowledgeAnyVideoKey(fn);
    fn.addEnvironment(envNames.videosBucket, this.videosBucket.bucketName);
  }

  private acknowledgeAnyVideoKey(fn: ReelFiveFunction): void {
    acknowledgeWildcardResource(
      fn.executionRole,
      this.videosBucket.arnForObjects('*'),
      'Video keys start with the order id, known only at run time; objects of the videos bucket only.',
    );
  }

  private acknowledgePreviewKeys(fn: ReelFiveFunction): void {
    acknowledgeWildcardResource(
      fn.executionRole,
      this.imagesBucket.arnForObjects(`${previewPrefix}*`),
      'Preview keys are hashes of the website read, known only at run time; the previews/ prefix of the images bucket only.',
    );
  }

  private acknowledgeAnyImageKey(fn: ReelFiveFunction): void {
    acknowledgeWildcardResource(
      fn.executionRole,
      this.imagesBucket.arnForObjects('*'),
      'Upload keys are random UUIDs chosen per request, so no fixed key can be named; objects of the images bucket only.',
    );
  }
}
