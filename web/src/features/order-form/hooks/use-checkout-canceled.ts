// On a return from an abandoned Checkout: release the order once (POST /api/orders/{id}/cancel),
// tell the buyer they were not charged, and clean the query from the URL so a reload or a shared
// link does not repeat it. If the payment won the race, show the order instead.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '#shared/paths.ts';
import { showToast } from '#web/components/toast.tsx';
import { cancelOrder } from '#web/features/order-form/api/cancel-order.ts';
import { checkoutCancelOutcome, readCheckoutReturn } from '#web/features/order-form/checkout-return.ts';
import { formToasts } from '#web/features/order-form/feedback.ts';

export function useCheckoutCanceled(): void {
  const location = useLocation();
  const navigate = useNavigate();
  // Survives StrictMode's second effect run and the re-render the URL clean-up causes.
  const handled = useRef(false);

  useEffect(() => {
    const checkoutReturn = readCheckoutReturn(new URLSearchParams(location.search));
    if (!checkoutReturn || handled.current) return;
    handled.current = true;
    navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
    const { orderId } = checkoutReturn;
    if (!orderId) {
      showToast(formToasts.checkoutCanceled);
      return;
    }
    cancelOrder(orderId)
      .catch(() => null)
      .then((order) => {
        if (checkoutCancelOutcome(order) === 'already-paid') {
          showToast(formToasts.checkoutAlreadyPaid);
          navigate(paths.orderStatus(orderId));
        } else {
          showToast(formToasts.checkoutCanceled);
        }
      });
  }, [location, navigate]);
}
