import { QueryClientProvider } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { OrderStatusView } from '#web/features/order-status/components/order-status-view.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

// Only the order page reads server state through TanStack Query, so its client (and the library)
// live in this lazy route and stay out of the home page's bundle.
const queryClient = createQueryClient();

export function SuccessRoute() {
  const [search] = useSearchParams();
  const orderId = search.get('order_id')?.trim() || null;
  return (
    <QueryClientProvider client={queryClient}>
      <OrderStatusView key={orderId} orderId={orderId} />
    </QueryClientProvider>
  );
}
