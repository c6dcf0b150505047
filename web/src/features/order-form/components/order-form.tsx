// The order form (spec §3–§8): collects the order, starts Checkout in a new tab and reports every
// outcome with the spec's toasts. One submit at a time.
import { type FormEvent, useId, useRef, useState } from 'react';
import { config } from '#shared/config';
import { durationChoices, styleLabels, styles } from '#shared/contract';
import { card, fieldControl, fieldHint, fieldLabel, primaryButton } from '../../../components/styles.ts';
import { useToast } from '../../../components/toast.tsx';
import { createOrder } from '../api/create-order.ts';
import { feedbackForOrderResult, formToasts } from '../feedback.ts';
import {
  hasRequiredFields,
  initialOrderFormValues,
  normalizeCouponInput,
  type OrderFormValues,
  toCreateOrderRequest,
} from '../order-request.ts';
import { ImageField } from './image-field.tsx';

/** Spec §7: the payment page opens in a new tab; if a blocker stops that, this tab goes there. */
function openPaymentPage(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

export function OrderForm() {
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState<OrderFormValues>(initialOrderFormValues);
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState(false);
  // State updates land after a render; the ref stops a second submit in the same tick.
  const inFlight = useRef(false);

  const update = <K extends keyof OrderFormValues>(key: K, value: OrderFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || uploading) return;
    if (!hasRequiredFields(values)) {
      toast(formToasts.missingInformation);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      const request = toCreateOrderRequest(values);
      const feedback = feedbackForOrderResult(await createOrder(request), request.couponCode ?? null);
      if (feedback.openUrl) openPaymentPage(feedback.openUrl);
      if (feedback.clearCoupon) update('couponCode', '');
      toast(feedback.toast);
    } catch {
      toast(formToasts.unexpectedException);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className={`${card} p-6 sm:p-8`}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-website`} className={fieldLabel}>
            Website URL
          </label>
          <input
            id={`${id}-website`}
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            placeholder="https://yourwebsite.com"
            value={values.website}
            onChange={(event) => update('website', event.target.value)}
            aria-describedby={`${id}-website-hint`}
            className={fieldControl}
          />
          <p id={`${id}-website-hint`} className={fieldHint}>
            We read your site to write the script, pick the visuals and match your brand.
          </p>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-email`} className={fieldLabel}>
            Email Address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            placeholder="you@company.com"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            aria-describedby={`${id}-email-hint`}
            className={fieldControl}
          />
          <p id={`${id}-email-hint`} className={fieldHint}>
            Your finished ad is delivered here.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-style`} className={fieldLabel}>
            Ad Style
          </label>
          <select
            id={`${id}-style`}
            value={values.style}
            onChange={(event) => update('style', styles.find((style) => style === event.target.value) ?? values.style)}
            className={fieldControl}
          >
            {styles.map((style) => (
              <option key={style} value={style}>
                {styleLabels[style]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-duration`} className={fieldLabel}>
            Video Duration
          </label>
          <select
            id={`${id}-duration`}
            value={values.durationSeconds}
            onChange={(event) =>
              update(
                'durationSeconds',
                durationChoices.find((choice) => choice === event.target.value) ?? values.durationSeconds,
              )
            }
            className={fieldControl}
          >
            {durationChoices.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds} seconds
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <ImageField
            image={values.image}
            onImageChange={(image) => update('image', image)}
            onUploadingChange={setUploading}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-coupon`} className={fieldLabel}>
            Coupon Code (optional)
          </label>
          <input
            id={`${id}-coupon`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. LAUNCH50"
            value={values.couponCode}
            onChange={(event) => update('couponCode', normalizeCouponInput(event.target.value))}
            className={`${fieldControl} uppercase placeholder:normal-case`}
          />
        </div>
      </div>

      <div className="mt-8 flex items-baseline justify-between border-t border-slate-200 pt-6">
        <span className="text-sm font-medium text-slate-700">Price per ad</span>
        <span className="text-2xl font-bold tracking-tight text-slate-900">
          {config.price.label} <span className="text-sm font-medium text-slate-600">USD</span>
        </span>
      </div>
      <button type="submit" disabled={submitting || uploading} className={`${primaryButton} mt-4 w-full py-4 text-lg`}>
        {submitting ? 'Processing...' : 'Generate My Ad for $5'}
      </button>
      <p className="mt-4 text-center text-sm text-slate-600">
        Secure checkout by Stripe opens in a new tab, where coupons are applied. One payment, no subscription, no
        account.
      </p>
    </form>
  );
}
