// docs/product.md "The calls": the payment page opens in a new tab. A popup blocker makes window.open return null;
// then the form shows a link to the page instead (a click on a link is never blocked).

/** The part of `window.open` this needs, so the decision can be tested without a browser. */
export type OpenWindow = (url: string, target: string) => { opener: unknown } | null;

export type PaymentTabOutcome = 'opened' | 'blocked';

export function openPaymentTab(url: string, openWindow: OpenWindow): PaymentTabOutcome {
  const tab = openWindow(url, '_blank');
  if (!tab) return 'blocked';
  // Not the `noopener` feature: with it window.open always returns null, hiding a real block.
  tab.opener = null;
  return 'opened';
}
