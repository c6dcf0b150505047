// The newsletter's data: the subscribers table (double opt-in). Subscriber items hold the address
// and its hash; token items hold only sha256 hashes of the links' tokens. Unconfirmed sign-ups
// and old links lapse by TTL. Functions get access through one grant per link action.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface NewsletterProps {
  /** prod keeps its data when the stack goes; other stages clean up. */
  retainData: boolean;
}

export class Newsletter extends Construct {
  readonly subscribersTable: TableV2;

  constructor(scope: Construct, id: string, props: NewsletterProps) {
    super(scope, id);
    this.subscribersTable = new TableV2(this, 'SubscribersTable', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      timeToLiveAttribute: 'expires_at',
      billing: Billing.onDemand(),
      // A KMS key (AWS managed) rather than the DynamoDB-owned one: use of the key that guards
      // a mailing list shows in CloudTrail.
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }

  /** Sign up: read the address's item, write it with its link tokens, mark the mail sent. */
  grantSubscribe(fn: ReelFiveFunction): void {
    this.allow(fn, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
  }

  /** Confirm link: read the token, update the sign-up. */
  grantConfirm(fn: ReelFiveFunction): void {
    this.allow(fn, ['dynamodb:GetItem', 'dynamodb:UpdateItem']);
  }

  /** Unsubscribe link: read the token, delete the sign-up. */
  grantUnsubscribe(fn: ReelFiveFunction): void {
    this.allow(fn, ['dynamodb:GetItem', 'dynamodb:DeleteItem']);
  }

  private allow(fn: ReelFiveFunction, actions: string[]): void {
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.subscribersTable.tableArn] }));
    fn.addEnvironment(envNames.subscribersTable, this.subscribersTable.tableName);
  }
}
