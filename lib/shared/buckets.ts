// S3 buckets configured one way: private, encrypted, TLS-only, with server access logs in one
// logs bucket that CloudFront writes its access logs to as well.
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

const logRetentionDays = 90;

export class AccessLogsBucket extends Bucket {
  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes through the bucket ACL, so ACLs stay enabled here only.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(logRetentionDays) }],
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination itself; logging it into another bucket would only repeat the chain.',
    });
  }
}

export interface PrivateBucketProps extends Pick<BucketProps, 'cors' | 'lifecycleRules'> {
  accessLogs: AccessLogsBucket;
  removalPolicy: RemovalPolicy;
}

export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: `${id}/`,
      cors: props.cors,
      lifecycleRules: props.lifecycleRules,
      removalPolicy: props.removalPolicy,
    });
  }
}
