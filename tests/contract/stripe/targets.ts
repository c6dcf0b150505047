// The two Stripes the contract suite runs against, behind one shape: the twin's local server (the
// default, offline) and real Stripe in test mode (`npm run test:stripe`, STRIPE_SECRET_KEY=sk_test_…).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { startLocalStripe } from '#local/stripe/api.ts';
import { listen, readText } from '#local/support/http.ts';
import { ResponseRecorder } from './recording-http-client.ts';

/** The SDK as lambdas/payments/stripe-client.ts configures it, with the recording client. */
function productSdk(secretKey: string, recorder: ResponseRecorder, local?: URL): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    httpClient: recorder.httpClient,
    ...(local && { host: local.hostname, port: Number(local.port), protocol: 'http' as const }),
  });
}

interface CommonTarget {
  sdk: Stripe;
  recorder: ResponseRecorder;
  /** Where Checkout sends the buyer back: the product's success page and pricing section. */
  returnUrls: { success: string; cancel: string };
  /** The customer-facing code of an active 50 %-off promotion code. */
  halfOffCode: string;
  /** The id of a PaymentIntent paid with a test card, to refund. */
  paidPaymentIntent(): Promise<string>;
  /** The raw JSON of the event of `type` about `objectId`: as delivered to the webhook, or as listed. */
  event(type: string, objectId: string): Promise<unknown>;
  stop(): Promise<void>;
}

export interface LocalTarget extends CommonTarget {
  kind: 'local';
  /** The code of an active 100 %-off promotion code. */
  freeCode: string;
  /** Submits the hosted pay page as the browser does; resolves to the HTTP status (303 when paid). */
  payOnPage(session: Stripe.Checkout.Session, cardNumber?: string): Promise<number>;
}

export interface StripeTarget extends CommonTarget {
  kind: 'stripe';
}

export type ContractTarget = LocalTarget | StripeTarget;

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const localSecretKey = 'sk_test_contract';
const localWebhookSecret = 'whsec_contract';

/**
 * The local server on a free port, with a stand-in for the app's origin: it mounts the pay page as
 * the twin does and receives webhooks, keeping each payload whose signature the SDK verifies.
 */
async function startLocalTarget(): Promise<LocalTarget> {
  const recorder = new ResponseRecorder();
  const verifier = new Stripe('sk_test_verify_only');
  const deliveries: unknown[] = [];
  let local: Awaited<ReturnType<typeof startLocalStripe>> | undefined;
  const app = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (local && (await local.handlePayPage(req, res))) return;
    if (req.url !== '/api/stripe/webhook') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>ReelFive</title>');
      return;
    }
    const payload = await readText(req);
    try {
      verifier.webhooks.constructEvent(payload, req.headers['stripe-signature'] ?? '', localWebhookSecret);
      deliveries.push(JSON.parse(payload));
      res.writeHead(200).end();
    } catch (error) {
      deliveries.push(new Error(`A webhook delivery failed verification: ${(error as Error).message}`));
      res.writeHead(400).end();
    }
  });
  const listening = await listen(app);
  const origin = `http://127.0.0.1:${listening.port}`;
  const stripe = await startLocalStripe({
    secretKey: localSecretKey,
    webhookSecret: localWebhookSecret,
    webhookUrl: `${origin}/api/stripe/webhook`,
    publicBaseUrl: origin,
  });
  local = stripe;
  const sdk = productSdk(localSecretKey, recorder, new URL(stripe.apiUrl));

  const payOnPage = async (session: Stripe.Checkout.Session, cardNumber = '') => {
    const response = await fetch(session.url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: cardNumber }).toString(),
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return response.status;
  };

  const returnUrls = { success: `${origin}/success?order_id=contract`, cancel: `${origin}/?checkout=canceled#pricing` };
  return {
    kind: 'local',
    sdk,
    recorder,
    returnUrls,
    halfOffCode: 'LAUNCH50',
    freeCode: 'FREEAD',
    payOnPage,
    async paidPaymentIntent() {
      const session = await sdk.checkout.sessions.create(checkoutParams({ returnUrls }));
      if ((await payOnPage(session, '4242424242424242')) !== 303) throw new Error('The pay page did not take 4242…');
      const paid = await sdk.checkout.sessions.retrieve(session.id);
      return String(paid.payment_intent);
    },
    event: (type, objectId) =>
      eventually(
        async () => {
          const failed = deliveries.find((delivery) => delivery instanceof Error);
          if (failed) throw failed;
          return deliveries.find((delivery) => {
            const event = delivery as { type: string; data: { object: { id: string } } };
            return event.type === type && event.data.object.id === objectId;
          });
        },
        `${type} for ${objectId}`,
        5_000,
      ),
    async stop() {
      await stripe.stop();
      await listening.close();
    },
  };
}

/** The secret key for real Stripe: test mode only, and never silently absent. */
function testModeKey(): string {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) {
    throw new Error('npm run test:stripe needs STRIPE_SECRET_KEY (a test-mode key, sk_test_…) in the environment.');
  }
  if (!key.startsWith('sk_test_')) {
    throw new Error('STRIPE_SECRET_KEY is not a test-mode secret key (sk_test_…): the contract suite refuses it.');
  }
  return key;
}

/** Finds or makes an active promotion code in the test account (setup, not checked: not the product's). */
async function ensurePromotionCode(sdk: Stripe, code: string, percentOff: number): Promise<void> {
  const existing = await sdk.promotionCodes.list({ code, active: true, limit: 1 });
  if (existing.data.length > 0) return;
  const coupon = await sdk.coupons.create({
    percent_off: percentOff,
    duration: 'once',
    name: `${code} (contract suite)`,
  });
  await sdk.promotionCodes.create({ code, promotion: { type: 'coupon', coupon: coupon.id } });
}

async function startStripeTarget(): Promise<StripeTarget> {
  const recorder = new ResponseRecorder();
  const sdk = productSdk(testModeKey(), recorder);
  const halfOffCode = 'REELFIVE-CONTRACT-50';
  await ensurePromotionCode(sdk, halfOffCode, 50);
  const startedAt = Math.floor(Date.now() / 1000) - 60;
  return {
    kind: 'stripe',
    sdk,
    recorder,
    returnUrls: { success: 'https://example.com/success?order_id=contract', cancel: 'https://example.com/#pricing' },
    halfOffCode,
    async paidPaymentIntent() {
      // Checkout cannot be paid without a browser; a confirmed PaymentIntent makes the same charge.
      const intent = await sdk.paymentIntents.create({
        amount: 500,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
      });
      return intent.id;
    },
    // Real Stripe cannot deliver to this machine: the event is read back through the API instead.
    event: (type, objectId) =>
      eventually(
        async () => {
          const events = await sdk.events.list({ type, created: { gte: startedAt }, limit: 100 });
          const match = events.data.find((event) => (event.data.object as { id?: string }).id === objectId);
          if (!match) return undefined;
          await sdk.events.retrieve(match.id);
          return recorder.latestBody();
        },
        `${type} for ${objectId}`,
        60_000,
      ),
    stop: async () => {},
  };
}

/** The session parameters lambdas/payments/checkout-sessions.ts sends. */
export function checkoutParams(
  target: Pick<CommonTarget, 'returnUrls'>,
  discounts?: Stripe.Checkout.SessionCreateParams.Discount[],
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'ReelFive video ad — 12 s, UGC' } },
      },
    ],
    customer_email: 'buyer@example.com',
    client_reference_id: 'order-contract',
    metadata: { order_id: 'order-contract' },
    payment_intent_data: { metadata: { order_id: 'order-contract' } },
    success_url: target.returnUrls.success,
    cancel_url: target.returnUrls.cancel,
    expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
    ...(discounts && { discounts }),
  };
}

/**
 * `stripe` when `npm run test:stripe` asks for real Stripe, the local server otherwise. Called when
 * the suite is collected, so a missing or live key fails the run before any test is listed.
 */
export function targetKind(): ContractTarget['kind'] {
  if (process.env.STRIPE_CONTRACT_TARGET !== 'stripe') return 'local';
  testModeKey();
  return 'stripe';
}

export function startTarget(): Promise<ContractTarget> {
  return targetKind() === 'stripe' ? startStripeTarget() : startLocalTarget();
}
