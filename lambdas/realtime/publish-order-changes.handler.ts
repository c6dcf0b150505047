// DynamoDB stream of `orders` → the order's AppSync Events channel, so the buyer's page sees each
// status, stage and progress change live (docs/design.md "Architecture"). Reports the first failed record: Lambda
// resumes from it, so the records after it are not published out of order and then again.
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { streamHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { orderChannel } from '#shared/order-channel.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { createEventsPublisher, type PublishEvents } from './events-publisher.ts';
import { orderStatusEventOf } from './order-status-event.ts';

let publish: PublishEvents | undefined;

// Created on first use: the twin sets the environment after importing handler modules.
function publisher(): PublishEvents {
  publish ??= createEventsPublisher({
    endpoint: requireEnv(envNames.eventsHttpEndpoint),
    region: requireEnv('AWS_REGION'),
    // Lambda hands the execution role's session to the function as environment variables.
    credentials: fromEnv(),
  });
  return publish;
}

export const handler = streamHandler(async (event) => {
  for (const record of event.Records) {
    try {
      const statusEvent = orderStatusEventOf(record);
      if (statusEvent) await publisher()(orderChannel(statusEvent.id), [statusEvent]);
    } catch (error) {
      logger.error('Order change not published', { eventID: record.eventID, error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
});
