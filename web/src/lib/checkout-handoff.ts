// The payment page's address, handed from the order form to the order page of the same tab, so
// the tab left behind can offer "back to the payment page" while the buyer pays in the other one.
// It stays in this tab (sessionStorage), never in the order API: Stripe's page shows the buyer's
// full email, which the order API masks for anyone else holding the order link (docs/spec-deviations.md).
// Shared by the order-form and order-status features (features never import each other).

const keyOf = (orderId: string) => `reelfive:checkout:${orderId}`;

export function rememberCheckoutUrl(orderId: string, url: string): void {
  try {
    sessionStorage.setItem(keyOf(orderId), url);
  } catch {
    // Storage off (a private mode, a full quota): the order page then offers no link back.
  }
}

/** The payment page this tab opened for the order, or null (another tab, device or browser). */
export function recalledCheckoutUrl(orderId: string): string | null {
  try {
    const url = sessionStorage.getItem(keyOf(orderId));
    return url && /^https?:\/\//.test(url) ? url : null;
  } catch {
    return null;
  }
}
