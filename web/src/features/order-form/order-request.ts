// The order form's values, choices and checks, and how they become the create-order request
// (docs/product.md "The order and its states", "Validation and messages", "The calls").
import {
  choiceOfDuration,
  type DurationChoice,
  defaultAdDuration,
  defaultStyle,
  durationChoices,
  type Style,
  styles,
} from '#shared/contract.ts';
import type { CreateOrderRequest } from '#shared/create-order-request.ts';
import { type Placement, placementsByLength } from '#shared/placements.ts';

export interface UploadedImage {
  fileName: string;
  storagePath: string;
  previewUrl: string;
}

export interface OrderFormValues {
  website: string;
  email: string;
  style: Style;
  durationSeconds: DurationChoice;
  couponCode: string;
  image: UploadedImage | null;
}

export const initialOrderFormValues: OrderFormValues = {
  website: '',
  email: '',
  style: defaultStyle,
  durationSeconds: choiceOfDuration[defaultAdDuration],
  couponCode: '',
  image: null,
};

export const durationOptionLabels: Record<DurationChoice, string> = {
  '4': '4 seconds',
  '8': '8 seconds',
  '12': '12 seconds',
};

/**
 * The note under the length: where it cannot run and where it can (shared/placements.ts), said as
 * soon as a length is chosen. `warns` when some placement is ruled out (4 s: TikTok in-feed and
 * YouTube Shorts ads need 5 s).
 */
export function durationHint(choice: DurationChoice): { text: string; warns: boolean } {
  const { fits, tooShort } = placementsByLength(Number(choice));
  const fitting = listed(fits, 'conjunction');
  if (tooShort.length === 0) return { text: `Long enough for ${fitting}.`, warns: false };
  const ruledOut = [...new Set(tooShort.map((placement) => placement.minSeconds))].map(
    (seconds) =>
      `${listed(
        tooShort.filter((placement) => placement.minSeconds === seconds),
        'disjunction',
      )} (${seconds} seconds minimum)`,
  );
  return { text: `Can't run as ${ruledOut.join(', or ')}. Fits ${fitting}.`, warns: true };
}

const listed = (placements: Placement[], type: 'conjunction' | 'disjunction') =>
  new Intl.ListFormat('en', { type }).format(placements.map((placement) => placement.short));

/**
 * The prerendered form can be typed into before React takes it over; whatever the fields hold
 * then (a FormData of the form) replaces the initial values, so nothing typed is lost.
 */
export function adoptTypedValues(values: OrderFormValues, typed: { get(name: string): unknown }): OrderFormValues {
  const text = (name: string) => {
    const value = typed.get(name);
    return typeof value === 'string' ? value : '';
  };
  const style = text('style');
  const duration = text('durationSeconds');
  return {
    ...values,
    website: text('website') || values.website,
    email: text('email') || values.email,
    style: (styles as readonly string[]).includes(style) ? (style as Style) : values.style,
    durationSeconds: durationChoices.find((choice) => choice === duration) ?? values.durationSeconds,
    couponCode: normalizeCouponInput(text('couponCode')) || values.couponCode,
  };
}

/** docs/product.md "Validation and messages": the coupon is forced to upper case as it is typed. */
export function normalizeCouponInput(typed: string): string {
  return typed.toUpperCase();
}

export type RequiredField = 'website' | 'email';

/** docs/product.md "Validation and messages": website and email are both required; blanks count as missing. In form order. */
export function missingRequiredFields(values: Pick<OrderFormValues, RequiredField>): RequiredField[] {
  return (['website', 'email'] as const).filter((field) => values[field].trim() === '');
}

export function hasRequiredFields(values: Pick<OrderFormValues, RequiredField>): boolean {
  return missingRequiredFields(values).length === 0;
}

export function toCreateOrderRequest(values: OrderFormValues): CreateOrderRequest {
  const couponCode = normalizeCouponInput(values.couponCode.trim());
  return {
    website: values.website.trim(),
    email: values.email.trim(),
    style: values.style,
    durationSeconds: values.durationSeconds,
    imageFileName: values.image?.fileName ?? null,
    imageStoragePath: values.image?.storagePath ?? null,
    couponCode: couponCode || null,
  };
}
