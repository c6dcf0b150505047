// The order form's values and how they become the create-order request (spec §3, §7).

import { config } from '#shared/config';
import {
  type CreateOrderRequest,
  type DurationChoice,
  defaultStyle,
  durationChoices,
  type Style,
} from '#shared/contract';

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

const defaultDuration = durationChoices.find((choice) => choice === String(config.video.defaultDurationSeconds));

export const initialOrderFormValues: OrderFormValues = {
  website: '',
  email: '',
  style: defaultStyle,
  durationSeconds: defaultDuration ?? '12',
  couponCode: '',
  image: null,
};

/** Spec §5: the coupon is forced to upper case as it is typed. */
export function normalizeCouponInput(typed: string): string {
  return typed.toUpperCase();
}

/** Spec §5: website and email are both required; blanks count as missing. */
export function hasRequiredFields(values: Pick<OrderFormValues, 'website' | 'email'>): boolean {
  return values.website.trim() !== '' && values.email.trim() !== '';
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
