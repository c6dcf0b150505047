// Where the order form shows its preview. The panel's code is fetched only once the buyer has typed
// something that looks like a website, which keeps the home page's first load within its budget.
import { lazy, Suspense } from 'react';
import type { OrderFormValues } from '#web/features/order-form/order-request.ts';
import { previewRequestOf } from './preview-request.ts';

const AdPreview = lazy(() => import('./ad-preview.tsx'));

/** `onSiteUnreadableChange`: whether the preview shown says the site could not be read. */
export function PreviewSlot({
  values,
  onSiteUnreadableChange,
}: {
  values: OrderFormValues;
  onSiteUnreadableChange: (unreadable: boolean) => void;
}) {
  const request = previewRequestOf(values);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <AdPreview request={request} onSiteUnreadableChange={onSiteUnreadableChange} />
    </Suspense>
  );
}
