// The newsletter's data: the subscribers table (double opt-in). Subscriber items hold the address
// and its hash; token items hold only sha256 hashes of the links' tokens. Unconfirmed sign-ups
// and old links lapse by TTL. Its stream feeds the confirmation sender (confirmation-sender.ts).
// Functions get access through one grant per action.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { Notifications } from '#lib/notifications/notifications.ts';
import type { NewsletterGrants } from '#lib/shared/grants.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { envNames } from '#shared/runtime-env.ts';
import { ConfirmationSender } from './confirmation-sender.ts';

export interface NewsletterProps {
  /** prod keeps its data when the stack goes; other stages clean up. */
  retainData: boolean;
}

export class Newsletter extends Construct implements NewsletterGrants {
  readonly subscribersTable: TableV2;

  constructor(scope: Construct, id: string, props: NewsletterProps) {
    super(scope, id);
    this.subscribersTable = new TableV2(this, 'SubscribersTable', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      timeToLiveAttribute: 'expires_at',
      // The sender compares a sign-up's request before and after the write.
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      billing: Billing.onDemand(),
      // A KMS key (AWS managed) rather than the DynamoDB-owned one: use of the key that guards
      // a mailing list shows in CloudTrail.
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }

  /** Sign up: read the address's item, write (or update) it with the request. */
  grantSubscribe(fn: ReelFiveFunction): void {
    this.allow(fn, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
  }

  /** Mail a request: check it still stands and write its link tokens in one transaction, mark it mailed. */
  grantSendConfirmation(fn: ReelFiveFunction): void {
    this.allow(fn, ['dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
  }

  /** The stream's sender of confirmation mails, with its failed-records queue and alarm. */
  sendConfirmations(props: { notifications: Notifications; alarmTopic: ITopic }): ConfirmationSender {
    return new ConfirmationSender(this, 'ConfirmationSender', {
      ...props,
      newsletter: this,
      subscribersTable: this.subscribersTable,
    });
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
