// S3 buckets configured one way: private, encrypted, TLS-only, with server access logs in one
// logs bucket (CloudFront writes none: lib/site/site.ts).
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

const logRetentionDays = 90;

export interface BucketLifetime {
  /**
   * true: the bucket and its objects outlive the stack (prod's data). false: a stack deletion
   * empties the bucket first (a CDK custom resource), so `cdk destroy` can delete it.
   */
  retain: boolean;
}

/** How a bucket goes when its stack goes: kept, or emptied and deleted (S3 refuses to delete a non-empty bucket). */
function lifetime({ retain }: BucketLifetime): Pick<BucketProps, 'removalPolicy' | 'autoDeleteObjects'> {
  return retain
    ? { removalPolicy: RemovalPolicy.RETAIN, autoDeleteObjects: false }
    : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };
}

export class AccessLogsBucket extends Bucket {
  constructor(scope: Construct, id: string, props: BucketLifetime) {
    super(scope, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      // S3's log delivery writes here through the bucket ACL (LogDeliveryWrite), so ACLs stay enabled here only.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(logRetentionDays) }],
      // Late log deliveries cannot refill it while it is emptied: the auto-delete handler first
      // denies s3:PutObject to everyone.
      ...lifetime(props),
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination itself; logging it into another bucket would only repeat the chain.',
    });
  }
}

export interface PrivateBucketProps extends Pick<BucketProps, 'cors' | 'lifecycleRules'>, BucketLifetime {
  accessLogs: AccessLogsBucket;
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
      ...lifetime(props),
    });
  }
}
