// Stripe webhook events: verified on the raw body, deduplicated by event id in the events
// table (Powertools Idempotency: a failed attempt is forgotten so Stripe's retry runs again),
// and applied through the same fulfilment the success page uses.
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import type Stripe from 'stripe';
import { dynamoDb } from '#common/dynamodb-clients.ts';
import { logger } from '#powertools/logger.ts';
import { config } from '#shared/config.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { applyCheckoutSession, closeCheckout, orderIdOf } from './fulfilment.ts';
import { stripe, webhookSecret } from './stripe-client.ts';

/** Throws Stripe's signature error for a bad signature or a timestamp older than 300 s. */
export async function verifyStripeEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
  return (await stripe()).webhooks.constructEventAsync(rawBody, signature, await webhookSecret(), 300);
}

async function applyStripeEvent(event: Stripe.Event): Promise<{ handled: boolean }> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      await applyCheckoutSession(event.data.object);
      return { handled: true };
    case 'checkout.session.async_payment_failed': {
      const orderId = orderIdOf(event.data.object);
      if (orderId) await closeCheckout(orderId, 'canceled');
      return { handled: true };
    }
    default:
      return { handled: false };
  }
}

let idempotentApply: ((event: Stripe.Event) => Promise<{ handled: boolean }>) | undefined;
let idempotencyConfig: IdempotencyConfig | undefined;

/** Applies an event once per event id (repeats return the first result). */
export function applyStripeEventOnce(event: Stripe.Event, context: Context): Promise<{ handled: boolean }> {
  idempotencyConfig ??= new IdempotencyConfig({
    eventKeyJmesPath: 'id',
    expiresAfterSeconds: config.limits.webhookEventRetentionDays * 86_400,
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
