// What the buyer is told after each order-form action: the spec's toasts (§5, §7, §8), verbatim.
import { messages } from '#shared/contract.ts';
import type { ToastMessage } from '#web/components/toast.tsx';
import type { CreateOrderResult } from './api/create-order.ts';
import { type CheckedField, fieldErrorOfRefusal } from './field-errors.ts';

export const formToasts = {
  missingInformation: { title: 'Missing Information', description: messages.missingInformation, tone: 'error' },
  checkoutOpened: { title: 'Success', description: 'Opening payment page in a new tab...', tone: 'success' },
  connectionError: {
    title: 'Connection Error',
    description: 'Unable to connect to payment service. Please check your internet connection and try again.',
    tone: 'error',
  },
  unexpectedResponse: {
    title: 'Unexpected Error',
    description: 'Received an unexpected response. Please try again or contact support.',
    tone: 'error',
  },
  unexpectedException: {
    title: 'Unexpected Error',
    description: 'Something went wrong. Please try again or contact support if the problem persists.',
    tone: 'error',
  },
  imageUploaded: { title: 'Image Uploaded', description: 'Your image has been uploaded successfully', tone: 'success' },
  uploadFailed: { title: 'Upload Failed', description: 'Failed to upload image. Please try again.', tone: 'error' },
  checkoutCanceled: { title: 'Payment canceled — you were not charged.', tone: 'info' },
  checkoutAlreadyPaid: {
    title: 'Payment received',
    description: 'Your payment went through before the cancel — here is your order.',
    tone: 'success',
  },
} as const satisfies Record<string, ToastMessage>;

/** Everything a submit can end in: the API's answer, or an exception thrown on the way. */
export type SubmitOutcome = CreateOrderResult | { kind: 'exception' };

export interface SubmitFeedback {
  toast: ToastMessage;
  /** The payment page to open, and the order it pays (this tab then follows it). */
  checkout?: { url: string; orderId: string };
  /** docs/product.md "Validation and messages": an invalid coupon empties the coupon field. */
  clearCoupon?: boolean;
  /** The field the refusal is about and what to write there; it also gets focus. */
  fieldError?: { field: CheckedField; message: string };
}

/** Maps a submit's outcome to what the form does next. `couponCode` is what was sent. */
export function feedbackForOrderResult(result: SubmitOutcome, couponCode: string | null): SubmitFeedback {
  switch (result.kind) {
    case 'checkout':
      return { toast: formToasts.checkoutOpened, checkout: { url: result.url, orderId: result.orderId } };
    case 'offline':
      return { toast: formToasts.connectionError };
    case 'unexpected':
      return { toast: formToasts.unexpectedResponse };
    case 'exception':
      return { toast: formToasts.unexpectedException };
    case 'rejected':
      if (result.errorCode === 'RATE_LIMIT') {
        return { toast: { title: 'Rate Limit Reached', description: messages.rateLimit, tone: 'error' } };
      }
      if (result.errorCode === 'INVALID_COUPON') {
        // The spec's text for an unknown code; the API's own for a free code this mailbox has used.
        const usedFreeCode = couponCode ? messages.freeCouponAlreadyUsed(couponCode) : null;
        const description =
          usedFreeCode && result.error === usedFreeCode ? usedFreeCode : messages.invalidCoupon(couponCode ?? '');
        return {
          toast: { title: 'Invalid Coupon Code', description, tone: 'error' },
          clearCoupon: true,
          fieldError: { field: 'couponCode', message: description },
        };
      }
      return serverRefusal(result.error, result.errorCode);
  }
}

/** The spec's other server error (docs/product.md "Validation and messages"), also written at the field it is about (a website the API refused). */
function serverRefusal(error: string | null, errorCode: string | null): SubmitFeedback {
  const fieldError = fieldErrorOfRefusal(error, errorCode);
  return {
    toast: { title: 'Unable to Process Payment', description: error ?? messages.paymentFailed, tone: 'error' },
    ...(fieldError ? { fieldError } : {}),
  };
}
