// Stripe's webhook events applied to their orders, once per event id: deduplicated in the events
// table (Powertools Idempotency: a failed attempt is forgotten so Stripe's retry runs again), and
// applied through the same checkout outcome the success page's read uses.
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { dynamoDb } from '#common/dynamodb-clients.ts';
import type { CheckoutEvent } from '#payments/stripe-webhook-events.ts';
import { logger } from '#powertools/logger.ts';
import { serviceLimits } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { applyCheckoutOutcome } from './checkout-outcome.ts';

async function applyStripeEvent(event: CheckoutEvent): Promise<{ handled: boolean }> {
  if (event.outcome) await applyCheckoutOutcome(event.outcome);
  return { handled: event.handled };
}

let idempotentApply: ((event: CheckoutEvent) => Promise<{ handled: boolean }>) | undefined;
let idempotencyConfig: IdempotencyConfig | undefined;

/** Applies an event once per event id (repeats return the first result). */
export function applyStripeEventOnce(event: CheckoutEvent, context: Context): Promise<{ handled: boolean }> {
  idempotencyConfig ??= new IdempotencyConfig({
    eventKeyJmesPath: 'id',
    expiresAfterSeconds: serviceLimits.webhookEventRetentionDays * 86_400,
  });
  // Lets an in-progress record expire with this invocation, so a crashed attempt can be retried.
  idempotencyConfig.registerLambdaContext(context);
  idempotentApply ??= makeIdempotent(applyStripeEvent, {
    persistenceStore: new DynamoDBPersistenceLayer({
      tableName: requireEnv(envNames.eventsTable),
      keyAttr: 'id',
      expiryAttr: 'expires_at',
      awsSdkV3Client: dynamoDb(),
    }),
    config: idempotencyConfig,
  });
  logger.info('Stripe event', { eventId: event.id, type: event.type });
  return idempotentApply(event);
}
