// On a return from an abandoned Checkout: release the order once, tell the buyer, and clean the
// query from the URL. If the payment won the race, show the order instead.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../paths.ts';
import { cancelOrder } from '../api/cancel-order.ts';
import { readCheckoutReturn } from '../checkout-return.ts';
import { formToasts } from '../feedback.ts';

export function useCheckoutCanceled(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const handled = useRef(false);

  useEffect(() => {
    const checkoutReturn = readCheckoutReturn(new URLSearchParams(location.search));
    if (!checkoutReturn || handled.current) return;
    handled.current = true;
    navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
    const { orderId } = checkoutReturn;
    if (!orderId) {
      toast(formToasts.checkoutCanceled);
      return;
    }
    cancelOrder(orderId)
      .catch(() => null)
      .then((order) => {
        if (order?.payment_status === 'paid' || order?.payment_status === 'free') {
          toast(formToasts.checkoutAlreadyPaid);
          navigate(paths.orderStatus(orderId));
        } else {
          toast(formToasts.checkoutCanceled);
        }
      });
  }, [location, navigate, toast]);
}
