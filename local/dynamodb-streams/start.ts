// The stack's two event source mappings on the twin (event-source-mapping.ts): the orders table's
// stream feeds the order-changes publisher (lib/realtime), the subscribers table's stream the
// newsletter's confirmation sender (lib/newsletter).

import { confirmationSenderEntry } from '#lib/newsletter/confirmation-sender.ts';
import { orderChangesPublisherEntry } from '#lib/realtime/order-changes-publisher.ts';
import { requireValue } from '#local/cloudformation/start.ts';
import type { Functions } from '#local/lambda/start.ts';
import { twinCredentials } from '#local/support/credentials.ts';
import type { RunningService } from '#local/support/service.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type StreamPoller, startStreamPoller } from './event-source-mapping.ts';

export interface DynamoDbStreams extends RunningService {
  /** Resolves once every order change so far is published. */
  orderChanges: StreamPoller['drain'];
  /** Resolves once every confirmation requested so far is mailed (or given up on). */
  subscribers: StreamPoller['drain'];
}

export async function start(options: {
  dynamodbEndpoint: string;
  functions: Functions;
  log: (line: string) => void;
}): Promise<DynamoDbStreams> {
  const { functions, log } = options;
  const mapping = (tableVariable: string, fn: { entry: string; name: string }) =>
    startStreamPoller({
      endpoint: options.dynamodbEndpoint,
      tableName: requireValue(functions.env, tableVariable),
      credentials: twinCredentials,
      handler: (event) => functions.invoke({ ...fn, timeoutSeconds: 30 }, event),
      log,
    });
  const orders = await mapping(envNames.ordersTable, {
    entry: orderChangesPublisherEntry,
    name: 'OrderChangesPublisher',
  });
  const subscribers = await mapping(envNames.subscribersTable, {
    entry: confirmationSenderEntry,
    name: 'NewsletterConfirmationSender',
  }).catch(async (error) => {
    await orders.stop().catch(() => undefined);
    throw error;
  });
  return {
    orderChanges: orders.drain,
    subscribers: subscribers.drain,
    async stop() {
      await subscribers.stop().catch(() => undefined);
      await orders.stop();
    },
  };
}
