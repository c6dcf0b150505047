// Wherever support asks for the order id, the whole id with a copy button (the summary keeps the
// spec's first 8 characters, which support cannot look an order up by).
import { CopyButton } from '#web/components/copy-button.tsx';

export function OrderIdForSupport({ orderId }: { orderId: string }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
      <code className="rounded-lg bg-white px-2 py-1 font-mono text-xs break-all sm:text-sm text-slate-900">
        {orderId}
      </code>
      <CopyButton text={orderId} label="Copy order ID" />
    </p>
  );
}
