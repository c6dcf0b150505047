// The confirmation sender: the sign-up API only records a request on the address's item; this
// function, fed by the subscribers table's stream, makes the links and mails them, so no mail is
// sent while a visitor waits and every address is answered alike. A record that still fails after
// the retries lands in an encrypted queue, and an alarm tells ops that a confirmation was not sent.
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Notifications } from '#lib/notifications/notifications.ts';
import { grantCapabilities, type NewsletterGrants } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { consumeTableStream } from '#lib/shared/stream-consumer.ts';

const sender = opsFunctions.newsletterConfirmationSender;

/** The handler module, relative to lambdas/; the twin's stream poller loads the same one. */
export const confirmationSenderEntry = sender.entry;

export interface ConfirmationSenderProps {
  /** Owns the subscribers table (with its NEW_AND_OLD_IMAGES stream). */
  newsletter: NewsletterGrants;
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

    this.function = new ReelFiveFunction(this, 'Function', {
      entry: sender.entry,
      timeoutSeconds: sender.timeoutSeconds,
      description: sender.description,
    });
    grantCapabilities(this.function, sender.uses, {
      newsletter: props.newsletter,
      notifications: props.notifications,
    });

    ({ failedRecords: this.failedRecords, failedRecordsAlarm: this.failedRecordsAlarm } = consumeTableStream(
      this,
      this.function,
      {
        table: props.subscribersTable,
        tableName: 'subscribers',
        // From the oldest record kept: a request written while the mapping was being created is mailed too.
        startingPosition: StartingPosition.TRIM_HORIZON,
        // Only pending sign-ups can be waiting for a mail (link tokens and confirmed addresses never).
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: { NewImage: { status: { S: FilterRule.isEqual('pending') } } },
          }),
        ],
        failureMeaning:
          'Newsletter confirmations could not be sent (SES refused or failed after the retries): those visitors got no email.',
        runbookEntry: 'Newsletter confirmations not arriving',
        alarmTopic: props.alarmTopic,
      },
    ));
  }
}
