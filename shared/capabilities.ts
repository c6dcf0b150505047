// What a function may touch, named once. The route table, the generation steps (with the render
// and execution-ended functions) and lib/'s background functions declare their `uses` in these
// words; lib/shared/grants.ts turns each into one purpose-named grant of the construct that owns
// the resource, which also sets the environment variable the handler reads.
import { envNames } from './runtime-env.ts';

export const capabilities = [
  // Read one order by id (GetItem).
  'orders:read',
  // Create and update orders, alone or inside the slot-claiming transaction.
  'orders:write',
  // Query the orders' by_status index for repair candidates (never a Scan).
  'orders:repairQuery',
  // Claim and release the per-email order slots, count per-IP attempts and the day's orders.
  'rateLimits',
  // Record each Stripe event once (the webhook's idempotency records).
  'webhookEvents',
  // Presign the buyer's upload (PUT) and its preview (GET).
  'images:presign',
  // Read an uploaded image (HEAD, GET; ListBucket so a missing key is a 404).
  'images:read',
  // Store what a preview read and the cleaned copies of its images (previews/ in the images
  // bucket), and presign their GETs.
  'previews:write',
  // Read what a preview read (previews/ in the images bucket): the order's generation reuses it.
  'previews:read',
  // Read the rendered ad and poster (HEAD, GET, presigned GET).
  'videos:read',
  // Read an order's kept render request (<order id>/render-request.json) and no other video object.
  'renderRequests:read',
  // Write the rendered ad, poster and render status.
  'videos:write',
  // Start a generation execution and read its status.
  'executions:start',
  // Stop a generation execution (a stuck one, before its order is failed).
  'executions:stop',
  // Ask the stage's Bedrock model for a storyboard (nothing when the stage writes from templates).
  'bedrock',
  // Know which storyboard writer the stage uses (template or Bedrock): its name, no model access.
  'copywriterName',
  // Ask the stage's content guardrail whether a site's content is prohibited (ApplyGuardrail).
  'contentCheck',
  // Speak the voice-over with Amazon Polly (nothing when the stage uses the local voice).
  'polly',
  // Sign the ads' C2PA manifests with the stage's signer (its secret).
  'c2pa:sign',
  // Call the stage's video model: its settings and its API key's secret (nothing on an engine-only stage).
  'footage',
  // Create and expire Checkout Sessions (and read them back), look up promotion codes.
  'stripe:checkout',
  // Retrieve a Checkout Session and its payment state.
  'stripe:read',
  // Refund a payment.
  'stripe:refund',
  // Verify Stripe's webhook signatures (the signing secret).
  'stripe:webhook',
  // Sign up to the newsletter: read and write the address's sign-up (not its link tokens).
  'newsletter:subscribe',
  // Mail a requested confirmation: write its link tokens (while the request stands), mark it sent.
  'newsletter:sendConfirmation',
  // Confirm a newsletter sign-up from its link.
  'newsletter:confirm',
  // Delete a newsletter sign-up from its link.
  'newsletter:unsubscribe',
  // Send mail as the stage's sender, with links to the site.
  'mail',
  // Publish to the ops topic (failed orders).
  'ops:notify',
  // Publish order status events to the orders channel namespace (AppSync Events, IAM).
  'realtime:publish',
  // Move the expiry of the browser's AppSync API key.
  'realtime:renewKey',
] as const;

export type Capability = (typeof capabilities)[number];

/** The Stripe capabilities that call Stripe's API, each with a key of its own when the stage has one. */
export const stripeKeyCapabilities = ['stripe:checkout', 'stripe:read', 'stripe:refund'] as const;
export type StripeKeyCapability = (typeof stripeKeyCapabilities)[number];

/**
 * Where a function finds the Secrets Manager name of the Stripe key for each use: a restricted key
 * (`rk_…`) when the stage sets one, else the stage's one secret key.
 */
export const stripeKeySecretNameEnv = {
  'stripe:checkout': envNames.stripeCheckoutKeySecretName,
  'stripe:read': envNames.stripeReadKeySecretName,
  'stripe:refund': envNames.stripeRefundKeySecretName,
} as const satisfies Record<StripeKeyCapability, string>;

export function isStripeKeyCapability(capability: Capability): capability is StripeKeyCapability {
  return (stripeKeyCapabilities as readonly Capability[]).includes(capability);
}
