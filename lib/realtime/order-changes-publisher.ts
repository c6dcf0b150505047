// The stream publisher: every write of an order row that changes its status, stage or progress is
// published to the order's channel (docs/design.md "Architecture"). Records that still fail after the retries land in
// an encrypted queue, and an alarm tells ops that some page missed an update (docs/design.md "Failure and repair").
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantCapabilities, type RealtimeGrants } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { consumeTableStream } from '#lib/shared/stream-consumer.ts';

const publisher = opsFunctions.orderChangesPublisher;

/** The handler module, relative to lambdas/; the twin's stream poller loads the same one. */
export const orderChangesPublisherEntry = publisher.entry;

export interface OrderChangesPublisherProps {
  /** The orders table, with its NEW_AND_OLD_IMAGES stream. */
  ordersTable: ITableV2;
  /** Owns the orders namespace it publishes to (its grantPublish). */
  realtime: RealtimeGrants;
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

    this.function = new ReelFiveFunction(this, 'Function', {
      entry: publisher.entry,
      timeoutSeconds: publisher.timeoutSeconds,
      description: publisher.description,
    });
    grantCapabilities(this.function, publisher.uses, { realtime: props.realtime });

    ({ failedRecords: this.failedRecords, failedRecordsAlarm: this.failedRecordsAlarm } = consumeTableStream(
      this,
      this.function,
      {
        table: props.ordersTable,
        tableName: 'orders',
        // A page only cares about what happens after it opens; it reads the order on (re)connect.
        startingPosition: StartingPosition.LATEST,
        // Deletions (the 90-day anonymisation aside, there are none) carry no status to show.
        filters: [FilterCriteria.filter({ eventName: FilterRule.or('INSERT', 'MODIFY') })],
        failureMeaning:
          'Order status changes could not be published to AppSync Events: some buyers did not see live progress.',
        runbookEntry: 'Live status not moving on the order page',
        alarmTopic: props.alarmTopic,
      },
    ));
  }
}
