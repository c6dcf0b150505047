// The order form (docs/product.md): collects the order, starts Checkout in a new tab and reports every
// outcome with the spec's toasts. One submit at a time. Once the payment tab is open this tab
// follows the order on its page, so the filled form never invites a second order.
import {
  type ChangeEvent,
  type FormEvent,
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { durationChoices, styleLabels, styles } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { card, fieldControl, fieldHint, fieldLabel, fieldWarning, primaryButton } from '#web/components/styles.ts';
import { showToast } from '#web/components/toast.tsx';
import { createOrder } from '#web/features/order-form/api/create-order.ts';
import { feedbackForOrderResult, formToasts } from '#web/features/order-form/feedback.ts';
import {
  type CheckedField,
  type FieldErrors,
  fieldErrorsOf,
  firstInvalidField,
} from '#web/features/order-form/field-errors.ts';
import {
  adoptTypedValues,
  durationHint,
  durationOptionLabels,
  initialOrderFormValues,
  missingRequiredFields,
  normalizeCouponInput,
  type OrderFormValues,
  toCreateOrderRequest,
} from '#web/features/order-form/order-request.ts';
import { openPaymentTab } from '#web/features/order-form/payment-tab.ts';
import { PreviewSlot } from '#web/features/order-form/preview/preview-slot.tsx';
import { createSubmitGuard } from '#web/features/order-form/submit-guard.ts';
import { rememberCheckoutUrl } from '#web/lib/checkout-handoff.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { FieldError } from './field-error.tsx';
import { ImageField } from './image-field.tsx';

// Loaded only when the browser blocked the payment tab: rare, and the home page's budget is tight.
const BlockedPaymentNotice = lazy(() =>
  import('./blocked-payment-tab.tsx').then((module) => ({ default: module.BlockedPaymentNotice })),
);

export function OrderForm() {
  const id = useId();
  const [values, setValues] = useState<OrderFormValues>(initialOrderFormValues);
  const durationNote = durationHint(values.durationSeconds);
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [blockedCheckout, setBlockedCheckout] = useState<{ url: string; orderId: string } | null>(null);
  // The preview could not read the site: the photo is then needed to order (docs/spec-deviations.md).
  const [photoRequired, setPhotoRequired] = useState(false);
  // Stable: the preview reports through it from its effects. A site that can be read again takes
  // the photo's error away.
  const onSiteUnreadableChange = useCallback((unreadable: boolean) => {
    setPhotoRequired(unreadable);
    if (!unreadable) {
      setErrors((current) => {
        if (!current.image) return current;
        const { image: _, ...rest } = current;
        return rest;
      });
    }
  }, []);
  const navigate = useNavigate();
  const [guard] = useState(createSubmitGuard);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  // Keep what was typed into the prerendered form before React took it over.
  useEffect(() => {
    if (form.current) setValues((current) => adoptTypedValues(current, new FormData(form.current as HTMLFormElement)));
  }, []);
  const fields: Record<CheckedField, RefObject<HTMLInputElement | null>> = {
    website: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    image: useRef<HTMLInputElement>(null),
    couponCode: useRef<HTMLInputElement>(null),
  };
  /** The error text's id, for aria-describedby: read before the hint. */
  const errorId = (field: CheckedField) => `${id}-${field}-error`;
  const describedBy = (field: CheckedField, hint?: string) =>
    [errors[field] ? errorId(field) : null, hint].filter(Boolean).join(' ') || undefined;
  const clearError = (field: CheckedField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });

  const update = <K extends keyof OrderFormValues>(key: K, value: OrderFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // Typing in a field takes its error away; the next submit checks again.
  const updateChecked = (field: 'website' | 'email', value: string) => {
    update(field, value);
    clearError(field);
  };

  // Upper-case in place and keep the caret where it was (React would otherwise move it to the end).
  const onCouponChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target;
    const upper = normalizeCouponInput(field.value);
    if (upper !== field.value) {
      const { selectionStart, selectionEnd } = field;
      field.value = upper;
      field.setSelectionRange(selectionStart, selectionEnd);
    }
    update('couponCode', upper);
    clearError('couponCode');
  };

  async function submit(): Promise<void> {
    const request = toCreateOrderRequest(values);
    const outcome = await createOrder(request);
    const feedback = feedbackForOrderResult(outcome, request.couponCode ?? null);
    if (feedback.clearCoupon) update('couponCode', '');
    if (feedback.fieldError) {
      const { field, message } = feedback.fieldError;
      setErrors({ [field]: message });
      focusField(fields[field].current);
    }
    const { checkout } = feedback;
    if (checkout) {
      rememberCheckoutUrl(checkout.orderId, checkout.url);
      if (openPaymentTab(checkout.url, window.open.bind(window)) === 'blocked') {
        setBlockedCheckout(checkout);
        return;
      }
    }
    showToast(feedback.toast);
    if (checkout) followOrder(checkout.orderId);
  }

  /** This tab goes to the order's page, which waits for the payment made in the other tab. */
  function followOrder(orderId: string) {
    navigate(paths.orderStatus(orderId));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading || !guard.tryStart()) return;
    setBlockedCheckout(null);
    const found = fieldErrorsOf(values, { photoRequired });
    const firstInvalid = firstInvalidField(found);
    setErrors(found);
    if (firstInvalid) {
      guard.finish();
      focusField(fields[firstInvalid].current);
      // The spec's toast is for a missing field; a mistyped one is told at the field only.
      if (missingRequiredFields(values).length > 0) showToast(formToasts.missingInformation);
      return;
    }
    setSubmitting(true);
    try {
      await submit();
    } catch {
      showToast(feedbackForOrderResult({ kind: 'exception' }, null).toast);
    } finally {
      guard.finish();
      setSubmitting(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={onSubmit} className={`${card} min-w-0 p-5 sm:p-8`}>
      <div className="grid gap-5">
        <div>
          <label htmlFor={`${id}-website`} className={fieldLabel}>
            Website URL
          </label>
          <input
            id={`${id}-website`}
            ref={fields.website}
            name="website"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            aria-required="true"
            aria-invalid={errors.website ? true : undefined}
            placeholder="https://yourwebsite.com"
            value={values.website}
            onChange={(event) => updateChecked('website', event.target.value)}
            aria-describedby={describedBy('website', `${id}-website-hint`)}
            className={fieldControl}
          />
          <FieldError id={errorId('website')} message={errors.website} />
          <p id={`${id}-website-hint`} className={fieldHint}>
            We read your site to write the ad from its own claims and prices, use its images and match your brand
            colours.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={fieldLabel}>
            Email Address
          </label>
          <input
            id={`${id}-email`}
            ref={fields.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            placeholder="you@company.com"
            value={values.email}
            onChange={(event) => updateChecked('email', event.target.value)}
            aria-describedby={describedBy('email', `${id}-email-hint`)}
            className={fieldControl}
          />
          <FieldError id={errorId('email')} message={errors.email} />
          <p id={`${id}-email-hint`} className={fieldHint}>
            Your finished ad is delivered here.
          </p>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-style`} className={fieldLabel}>
            Ad Style
          </label>
          <select
            id={`${id}-style`}
            name="style"
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
        <div className="min-w-0">
          <label htmlFor={`${id}-duration`} className={fieldLabel}>
            Video Duration
          </label>
          <select
            id={`${id}-duration`}
            name="durationSeconds"
            value={values.durationSeconds}
            onChange={(event) =>
              update(
                'durationSeconds',
                durationChoices.find((choice) => choice === event.target.value) ?? values.durationSeconds,
              )
            }
            aria-describedby={`${id}-duration-hint`}
            className={fieldControl}
          >
            {durationChoices.map((seconds) => (
              <option key={seconds} value={seconds}>
                {durationOptionLabels[seconds]}
              </option>
            ))}
          </select>
          <p id={`${id}-duration-hint`} aria-live="polite" className={durationNote.warns ? fieldWarning : fieldHint}>
            {durationNote.text}
          </p>
        </div>
        <PreviewSlot values={values} onSiteUnreadableChange={onSiteUnreadableChange} />
        <div className="min-w-0">
          <ImageField
            image={values.image}
            onImageChange={(image) => {
              update('image', image);
              if (image) clearError('image');
            }}
            onUploadingChange={setUploading}
            inputRef={fields.image}
            required={photoRequired}
            formError={errors.image}
          />
        </div>
        <div>
          <label htmlFor={`${id}-coupon`} className={fieldLabel}>
            Coupon Code (optional)
          </label>
          <input
            id={`${id}-coupon`}
            ref={fields.couponCode}
            name="couponCode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. LAUNCH50"
            value={values.couponCode}
            onChange={onCouponChange}
            aria-invalid={errors.couponCode ? true : undefined}
            aria-describedby={describedBy('couponCode')}
            className={`${fieldControl} uppercase placeholder:normal-case`}
          />
          <FieldError id={errorId('couponCode')} message={errors.couponCode} />
        </div>
      </div>

      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2 border-t border-slate-200 pt-6">
        <span className="text-sm font-medium text-slate-700">Price per ad</span>
        <span className="text-2xl font-bold tracking-tight text-slate-900">
          {config.price.label} <span className="text-sm font-medium text-slate-600">USD</span>
        </span>
      </div>
      <button
        type="submit"
        disabled={!hydrated || submitting || uploading}
        className={`${primaryButton} mt-4 w-full py-4 text-lg`}
      >
        {submitting ? 'Processing...' : 'Generate My Ad for $5'}
      </button>
      {/* Always in the page, so screen readers announce the notice when it appears. */}
      <div aria-live="polite">
        {blockedCheckout && (
          <Suspense fallback={null}>
            <BlockedPaymentNotice url={blockedCheckout.url} onOpened={() => followOrder(blockedCheckout.orderId)} />
          </Suspense>
        )}
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        Secure checkout by Stripe opens in a new tab, where coupons are applied. One payment, no subscription, no
        account.
      </p>
    </form>
  );
}

/** Focus to a field with an error, scrolled to the middle of the screen: clear of a phone's top toast. */
function focusField(field: HTMLInputElement | null) {
  field?.focus({ preventScroll: true });
  field?.scrollIntoView({ block: 'center' });
}
