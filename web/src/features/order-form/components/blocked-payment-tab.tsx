// Shown when the browser blocked the payment tab (window.open gave null): a link to the same
// page, which a click always opens. The order form keeps the live region that announces it
// and loads this only when a tab was blocked; focus moves to the link so Enter continues to payment.
// Once the link has opened the payment tab, this tab follows the order (`onOpened`).
import { useEffect, useRef } from 'react';

export function BlockedPaymentNotice({ url, onOpened }: { url: string; onOpened: () => void }) {
  const link = useRef<HTMLAnchorElement>(null);

  // Again for each blocked attempt: a new payment page, a new link.
  useEffect(() => {
    if (url) link.current?.focus();
  }, [url]);

  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Your browser blocked the payment tab.</p>
      <p className="mt-1">
        Your order is ready to pay.{' '}
        <a
          ref={link}
          href={url}
          target="_blank"
          rel="noopener"
          // After the click has opened the tab: leaving the page first would cancel the link.
          onClick={() => setTimeout(onOpened, 0)}
          className="font-semibold text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
        >
          Open the secure payment page
        </a>{' '}
        (opens in a new tab).
      </p>
    </div>
  );
}
