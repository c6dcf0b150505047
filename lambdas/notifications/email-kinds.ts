// The emails an order may get, and which of them must reach the buyer even through an SES outage.
// Imports nothing: the order record (lambdas/orders/order-record.ts) names its owed email by them.

/**
 * `pack_ready` follows `ready`: the order completes with its 720x1280 file within seconds, and the
 * rest of the delivery pack a minute or two later. Listing files in `ready` that may still fail
 * would promise what the order might not deliver; the second email says what is there to fetch.
 */
export const orderEmailKinds = [
  'received',
  'ready',
  'pack_ready',
  'failed',
  'refused',
  'revision_ready',
  'revision_failed',
] as const;
export type OrderEmailKind = (typeof orderEmailKinds)[number];

/**
 * The emails nothing else would replace. A lost `received` is not owed: the order's last email,
 * which the buyer gets within minutes, says everything it said.
 */
export const owedEmailKinds = ['ready', 'failed', 'refused'] as const satisfies readonly OrderEmailKind[];
export type OwedEmailKind = (typeof owedEmailKinds)[number];
