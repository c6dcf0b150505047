// The one grant registry: each capability of shared/capabilities.ts becomes the purpose-named grant
// of the construct that owns what it reaches (which also sets the variable the handler reads).
// Every function of the stack gets its permissions here, from the `uses` of its table entry.
// The owners are described by the grants they offer, not imported: the constructs that create
// functions import this registry, so it must not import them (no import circles).
import type { Capability, StripeKeyCapability } from '#shared/capabilities.ts';
import type { ReelFiveFunction } from './reelfive-function.ts';

/** lib/orders: the orders table and its indexes. */
export interface OrdersGrants {
  grantOrderRead(fn: ReelFiveFunction): void;
  grantOrderWrite(fn: ReelFiveFunction): void;
  grantRepairQuery(fn: ReelFiveFunction): void;
  grantRateLimits(fn: ReelFiveFunction): void;
  grantWebhookEvents(fn: ReelFiveFunction): void;
}

/** lib/uploads: the uploads, previews and videos buckets. */
export interface UploadsGrants {
  grantPresign(fn: ReelFiveFunction): void;
  grantImageRead(fn: ReelFiveFunction): void;
  grantPreviewWrite(fn: ReelFiveFunction): void;
  grantPreviewRead(fn: ReelFiveFunction): void;
  grantVideoRead(fn: ReelFiveFunction): void;
  grantRenderRequestRead(fn: ReelFiveFunction): void;
  grantVideoWrite(fn: ReelFiveFunction): void;
}

/** lib/payments: the Stripe secrets. */
export interface PaymentsGrants {
  grantStripeKey(use: StripeKeyCapability, fn: ReelFiveFunction): void;
  grantWebhookSecret(fn: ReelFiveFunction): void;
}

/** lib/notifications: SES and the ops topic. */
export interface NotificationsGrants {
  grantMail(fn: ReelFiveFunction): void;
  grantOpsNotify(fn: ReelFiveFunction): void;
}

/** lib/newsletter: the subscribers table. */
export interface NewsletterGrants {
  grantSubscribe(fn: ReelFiveFunction): void;
  grantSendConfirmation(fn: ReelFiveFunction): void;
  grantConfirm(fn: ReelFiveFunction): void;
  grantUnsubscribe(fn: ReelFiveFunction): void;
}

/** lib/generation: the state machine and the providers the engine calls. */
export interface GenerationGrants {
  grantStart(fn: ReelFiveFunction): void;
  grantStop(fn: ReelFiveFunction): void;
  grantCopywriterModel(fn: ReelFiveFunction): void;
  tellCopywriter(fn: ReelFiveFunction): void;
  grantContentCheck(fn: ReelFiveFunction): void;
  grantSpeech(fn: ReelFiveFunction): void;
  grantFootage(fn: ReelFiveFunction): void;
  grantC2paSigning(fn: ReelFiveFunction): void;
}

/** lib/realtime: the Events API and its key. */
export interface RealtimeGrants {
  grantPublish(fn: ReelFiveFunction): void;
  grantKeyRenewal(fn: ReelFiveFunction): void;
}

/** The constructs that own what capabilities reach. */
export interface CapabilityOwners {
  orders: OrdersGrants;
  uploads: UploadsGrants;
  payments: PaymentsGrants;
  notifications: NotificationsGrants;
  newsletter: NewsletterGrants;
  generation: GenerationGrants;
  realtime: RealtimeGrants;
}

/**
 * Where a function is created only some owners exist yet (Generation grants its own steps while it
 * is being built; Realtime its publisher); a capability whose owner is missing there fails the synth.
 */
export type AvailableOwners = Partial<CapabilityOwners>;

type Grant = (fn: ReelFiveFunction, owners: AvailableOwners) => void;

function by<Owner extends keyof CapabilityOwners>(
  owner: Owner,
  grant: (construct: CapabilityOwners[Owner], fn: ReelFiveFunction) => void,
): Grant {
  return (fn, owners) => {
    const construct = owners[owner];
    if (!construct)
      throw new Error(`${fn.node.path}: a capability it uses is granted by ${owner}, not available there`);
    grant(construct as CapabilityOwners[Owner], fn);
  };
}

export const capabilityGrants: Record<Capability, Grant> = {
  'orders:read': by('orders', (orders, fn) => orders.grantOrderRead(fn)),
  'orders:write': by('orders', (orders, fn) => orders.grantOrderWrite(fn)),
  'orders:repairQuery': by('orders', (orders, fn) => orders.grantRepairQuery(fn)),
  rateLimits: by('orders', (orders, fn) => orders.grantRateLimits(fn)),
  webhookEvents: by('orders', (orders, fn) => orders.grantWebhookEvents(fn)),
  'images:presign': by('uploads', (uploads, fn) => uploads.grantPresign(fn)),
  'images:read': by('uploads', (uploads, fn) => uploads.grantImageRead(fn)),
  'previews:write': by('uploads', (uploads, fn) => uploads.grantPreviewWrite(fn)),
  'previews:read': by('uploads', (uploads, fn) => uploads.grantPreviewRead(fn)),
  'videos:read': by('uploads', (uploads, fn) => uploads.grantVideoRead(fn)),
  'renderRequests:read': by('uploads', (uploads, fn) => uploads.grantRenderRequestRead(fn)),
  'videos:write': by('uploads', (uploads, fn) => uploads.grantVideoWrite(fn)),
  'executions:start': by('generation', (generation, fn) => generation.grantStart(fn)),
  'executions:stop': by('generation', (generation, fn) => generation.grantStop(fn)),
  bedrock: by('generation', (generation, fn) => generation.grantCopywriterModel(fn)),
  copywriterName: by('generation', (generation, fn) => generation.tellCopywriter(fn)),
  contentCheck: by('generation', (generation, fn) => generation.grantContentCheck(fn)),
  polly: by('generation', (generation, fn) => generation.grantSpeech(fn)),
  footage: by('generation', (generation, fn) => generation.grantFootage(fn)),
  'c2pa:sign': by('generation', (generation, fn) => generation.grantC2paSigning(fn)),
  'stripe:checkout': by('payments', (payments, fn) => payments.grantStripeKey('stripe:checkout', fn)),
  'stripe:read': by('payments', (payments, fn) => payments.grantStripeKey('stripe:read', fn)),
  'stripe:refund': by('payments', (payments, fn) => payments.grantStripeKey('stripe:refund', fn)),
  'stripe:webhook': by('payments', (payments, fn) => payments.grantWebhookSecret(fn)),
  'newsletter:subscribe': by('newsletter', (newsletter, fn) => newsletter.grantSubscribe(fn)),
  'newsletter:sendConfirmation': by('newsletter', (newsletter, fn) => newsletter.grantSendConfirmation(fn)),
  'newsletter:confirm': by('newsletter', (newsletter, fn) => newsletter.grantConfirm(fn)),
  'newsletter:unsubscribe': by('newsletter', (newsletter, fn) => newsletter.grantUnsubscribe(fn)),
  mail: by('notifications', (notifications, fn) => notifications.grantMail(fn)),
  'ops:notify': by('notifications', (notifications, fn) => notifications.grantOpsNotify(fn)),
  'realtime:publish': by('realtime', (realtime, fn) => realtime.grantPublish(fn)),
  'realtime:renewKey': by('realtime', (realtime, fn) => realtime.grantKeyRenewal(fn)),
};

/** Grants a function each capability it uses, once. */
export function grantCapabilities(fn: ReelFiveFunction, uses: readonly Capability[], owners: AvailableOwners): void {
  for (const capability of new Set(uses)) capabilityGrants[capability](fn, owners);
}
