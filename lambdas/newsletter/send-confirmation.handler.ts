// DynamoDB stream of `subscribers` → one confirmation email per recorded request. Reports the
// first failed record: Lambda retries from it (and, after the retries, sends it to the
// failed-records queue), so the records after it are not mailed twice.
import { streamHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { requestedConfirmation, sendRequestedConfirmation } from './send-confirmation.ts';

export const handler = streamHandler(async (event) => {
  for (const record of event.Records) {
    try {
      const subscriber = requestedConfirmation(record);
      if (subscriber) await sendRequestedConfirmation(subscriber);
    } catch (error) {
      logger.error('Newsletter confirmation not sent', { eventID: record.eventID, error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
});
