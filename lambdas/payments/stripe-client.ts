// The Stripe client: real Stripe with the secret key, or the twin's Stripe-compatible server
// when STRIPE_API_BASE points at it (same SDK, same wire protocol).
import Stripe from 'stripe';
import { readSecret } from '#common/secrets.ts';
import { envNames } from '#shared/runtime-env.ts';

let client: Promise<Stripe> | undefined;

export function stripe(): Promise<Stripe> {
  client ??= readSecret(envNames.stripeSecretKey, envNames.stripeSecretName).then((key) => {
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
  return client;
}

export function webhookSecret(): Promise<string> {
  return readSecret(envNames.stripeWebhookSecret, envNames.stripeWebhookSecretName);
}
