// The Stripe clients: real Stripe with a secret key, or the twin's Stripe-compatible server when
// STRIPE_API_BASE points at it (same SDK, same wire protocol). One client per use (checkout, read,
// refund): each reads the key its capability names, which a stage may restrict (`rk_…`) to that use.
import Stripe from 'stripe';
import { readSecret } from '#common/secrets.ts';
import { type StripeKeyCapability, stripeKeySecretNameEnv } from '#shared/capabilities.ts';
import { envNames } from '#shared/runtime-env.ts';

const clients = new Map<StripeKeyCapability, Promise<Stripe>>();

export function stripe(use: StripeKeyCapability): Promise<Stripe> {
  let client = clients.get(use);
  if (!client) {
    client = readSecret(envNames.stripeSecretKey, stripeKeySecretNameEnv[use]).then((key) => {
      const base = process.env[envNames.stripeApiBase];
      const local = base ? new URL(base) : undefined;
      return new Stripe(key, {
        maxNetworkRetries: 2,
        timeout: 10_000,
        telemetry: false,
        ...(local && {
          host: local.hostname,
          port: Number(local.port),
          protocol: local.protocol.replace(':', '') as 'http' | 'https',
        }),
      });
    });
    clients.set(use, client);
  }
  return client;
}

export function webhookSecret(): Promise<string> {
  return readSecret(envNames.stripeWebhookSecret, envNames.stripeWebhookSecretName);
}
