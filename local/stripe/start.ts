// Stripe for the twin: the local Stripe server (api.ts) with the twin's own keys, delivering its
// webhooks to the twin's /api/stripe/webhook and serving its pay pages under the twin's origin;
// or, with real Stripe test-mode keys, no server and those keys for the functions.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nothingToStop, type RunningService } from '#local/support/service.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type LocalStripe, startLocalStripe } from './api.ts';
import { payPagePrefix } from './checkout.ts';

export interface Stripe extends RunningService {
  /** The local server; null on real Stripe. */
  server: LocalStripe | null;
  webhookSecret: string;
  /** The hosted pay page's behaviour on the twin's front door; none on real Stripe. */
  payPage: { pathPrefix: string; serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> } | null;
}

export async function start(options: {
  /** Real Stripe test mode instead of the local server. */
  realStripe?: { secretKey: string; webhookSecret: string };
  /** The twin's site origin (pay pages) and the port its API listens on (webhooks). */
  siteUrl: string;
  sitePort: number;
  stateFile: string;
}): Promise<Stripe> {
  const webhookSecret = options.realStripe?.webhookSecret ?? 'whsec_reelfive_local';
  const secretKey = options.realStripe?.secretKey ?? 'sk_test_reelfive_local';
  const server = options.realStripe
    ? null
    : await startLocalStripe({
        secretKey,
        webhookSecret,
        webhookUrl: `http://127.0.0.1:${options.sitePort}/api/stripe/webhook`,
        publicBaseUrl: options.siteUrl,
        stateFile: options.stateFile,
      });
  return {
    server,
    webhookSecret,
    payPage: server ? { pathPrefix: payPagePrefix, serve: server.handlePayPage } : null,
    // Handed to the functions as plain values, where AWS reads them from Secrets Manager.
    environment: {
      [envNames.stripeSecretKey]: secretKey,
      [envNames.stripeWebhookSecret]: webhookSecret,
      ...(server ? { [envNames.stripeApiBase]: server.apiUrl } : {}),
    },
    stop: server ? server.stop : nothingToStop,
  };
}
