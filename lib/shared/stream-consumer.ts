// What every consumer of a table's stream shares: records that still fail after the retries land
// in an encrypted queue (their stream positions, not the rows), and an alarm tells ops at once.
// The order-changes publisher and the newsletter's confirmation sender are both built on it.
import { Duration, Validations } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { opsAlarm } from '#lib/alarms/ops-alarm.ts';

export interface StreamConsumerProps {
  /** The table whose stream feeds `fn`, named as the queue's cdk-nag reason says it ("orders"). */
  table: ITableV2;
  tableName: string;
  startingPosition: StartingPosition;
  /** Which records reach the function. */
  filters: Record<string, unknown>[];
  /** What a record in the queue means for buyers, for the alarm's description. */
  failureMeaning: string;
  /** The docs/runbook.md entry that says what to do when records fail. */
  runbookEntry: string;
  alarmTopic: ITopic;
}

/** Feeds `fn` from the table's stream, in batches of 10 retried 3 times, and watches what it gives up on. */
export function consumeTableStream(
  scope: Construct,
  fn: IFunction,
  props: StreamConsumerProps,
): { failedRecords: Queue; failedRecordsAlarm: Alarm } {
  const failedRecords = new Queue(scope, 'FailedRecords', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(failedRecords).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the on-failure destination of the ${props.tableName} stream mapping; a dead-letter queue of a dead-letter queue would only move the same records again.`,
  });

  fn.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: props.startingPosition,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: 3,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(failedRecords),
      filters: props.filters,
    }),
  );

  const failedRecordsAlarm = opsAlarm(scope, 'FailedRecordsAlarm', {
    description: `${props.failureMeaning} The queue holds the stream positions.`,
    metric: failedRecords.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
    threshold: 1,
    runbookEntry: props.runbookEntry,
    topic: props.alarmTopic,
  });
  return { failedRecords, failedRecordsAlarm };
}
