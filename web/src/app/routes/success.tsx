import { useSearchParams } from 'react-router-dom';
import { OrderStatusView } from '../../features/order-status/components/order-status-view.tsx';

export function SuccessRoute() {
  const [search] = useSearchParams();
  const orderId = search.get('order_id')?.trim() || null;
  return <OrderStatusView key={orderId} orderId={orderId} />;
}
