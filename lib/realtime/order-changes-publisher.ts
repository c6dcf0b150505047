// The stream publisher: every write of an order row that changes its status, stage or progress is
// published to the order's channel (DESIGN §3). Records that still fail after the retries land in
// an encrypted queue, and an alarm tells ops that some page missed an update (DESIGN §10).
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantCapabilities } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import type { Realtime } from './realtime.ts';

const publisher = opsFunctions.orderChangesPublisher;

/** The handler module, relative to lambdas/; the twin's stream poller loads the same one. */
export const orderChangesPublisherEntry = publisher.entry;

export interface OrderChangesPublisherProps {
  /** The orders table, with its NEW_AND_OLD_IMAGES stream. */
  ordersTable: ITableV2;
  /** Owns the orders namespace it publishes to (its grantPublish). */
  realtime: Realtime;
  /** Where the failed-records alarm goes (the ops topic). */
  alarmTopic: ITopic;
}

export class OrderChangesPublisher extends Construct {
  readonly function: ReelFiveFunction;
  /** Stream records the publisher gave up on (their metadata, not the rows). */
  readonly failedRecords: Queue;
  readonly failedRecordsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: OrderChangesPublisherProps) {
    super(scope, id);

    this.failedRecords = new Queue(this, 'FailedRecords', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failedRecords).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the on-failure destination of the orders stream mapping; a dead-letter queue of a dead-letter queue would only move the same records again.',
    });

    this.function = new ReelFiveFunction(this, 'Function', {
      entry: publisher.entry,
      timeoutSeconds: publisher.timeoutSeconds,
      description: publisher.description,
    });
    grantCapabilities(this.function, publisher.uses, { realtime: props.realtime });

    this.function.addEventSource(
      new DynamoEventSource(props.ordersTable, {
        // A page only cares about what happens after it opens; it reads the order on (re)connect.
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        bisectBatchOnError: true,
        retryAttempts: 3,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failedRecords),
        // Deletions (the 90-day anonymisation aside, there are none) carry no status to show.
        filters: [FilterCriteria.filter({ eventName: FilterRule.or('INSERT', 'MODIFY') })],
      }),
    );

    this.failedRecordsAlarm = new Alarm(this, 'FailedRecordsAlarm', {
      alarmDescription:
        'Order status changes could not be published to AppSync Events: some buyers did not see live progress. The queue holds the stream positions.',
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
