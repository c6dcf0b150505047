// The confirmation sender: the sign-up API only records a request on the address's item; this
// function, fed by the subscribers table's stream, makes the links and mails them, so no mail is
// sent while a visitor waits and every address is answered alike. A record that still fails after
// the retries lands in an encrypted queue, and an alarm tells ops that a confirmation was not sent.
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Notifications } from '#lib/notifications/notifications.ts';
import { grantCapabilities } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import type { Newsletter } from './newsletter.ts';

const sender = opsFunctions.newsletterConfirmationSender;

/** The handler module, relative to lambdas/; the twin's stream poller loads the same one. */
export const confirmationSenderEntry = sender.entry;

export interface ConfirmationSenderProps {
  /** Owns the subscribers table (with its NEW_AND_OLD_IMAGES stream). */
  newsletter: Newsletter;
  subscribersTable: ITableV2;
  notifications: Notifications;
  /** Where the failed-records alarm goes (the ops topic). */
  alarmTopic: ITopic;
}

export class ConfirmationSender extends Construct {
  readonly function: ReelFiveFunction;
  /** Stream records the sender gave up on (their metadata, not the addresses). */
  readonly failedRecords: Queue;
  readonly failedRecordsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: ConfirmationSenderProps) {
    super(scope, id);

    this.failedRecords = new Queue(this, 'FailedRecords', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failedRecords).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the on-failure destination of the subscribers stream mapping; a dead-letter queue of a dead-letter queue would only move the same records again.',
    });

    this.function = new ReelFiveFunction(this, 'Function', {
      entry: sender.entry,
      timeoutSeconds: sender.timeoutSeconds,
      description: sender.description,
    });
    grantCapabilities(this.function, sender.uses, {
      newsletter: props.newsletter,
      notifications: props.notifications,
    });

    this.function.addEventSource(
      new DynamoEventSource(props.subscribersTable, {
        // From the oldest record kept: a request written while the mapping was being created is mailed too.
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        bisectBatchOnError: true,
        // SES throttling or an outage of a few seconds: each retry comes a little later.
        retryAttempts: 3,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failedRecords),
        // Only pending sign-ups can be waiting for a mail (link tokens and confirmed addresses never).
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { NewImage: { status: { S: FilterRule.isEqual('pending') } } },
          }),
        ],
      }),
    );

    this.failedRecordsAlarm = new Alarm(this, 'FailedRecordsAlarm', {
      alarmDescription:
        'Newsletter confirmations could not be sent (SES refused or failed after the retries): those visitors got no email. The queue holds the stream positions.',
      metric: this.failedRecords.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.failedRecordsAlarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }
}
