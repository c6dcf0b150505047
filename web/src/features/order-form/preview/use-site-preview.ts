// Asks for the preview a moment after the buyer stops typing (and at once again for each change
// of style, length or photo), says "still reading…" once it takes longer than the preview's
// budget, and drops answers to questions the form no longer asks.
import { useEffect, useState } from 'react';
import { config } from '#shared/config.ts';
import type { PreviewRequest, PreviewResponse } from '#shared/preview-contract.ts';
import { createPreview } from '#web/features/order-form/api/create-preview.ts';

export type PreviewState =
  | { kind: 'idle' }
  /** `slow`: past config.preview.stillReadingAfterMs; `previous`: the last preview, shown meanwhile. */
  | { kind: 'reading'; host: string; slow: boolean; previous: PreviewResponse | null }
  | { kind: 'shown'; preview: PreviewResponse }
  | { kind: 'unavailable' };

/** "https://www.acme.com/shop" → "acme.com", as the answer's host will say it. */
export function hostOf(website: string): string {
  const host = website.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#:]/)[0] ?? website;
  return host.toLowerCase().replace(/^www\./, '');
}

export function useSitePreview(request: PreviewRequest | null): PreviewState {
  const [state, setState] = useState<PreviewState>({ kind: 'idle' });
  const key = request ? JSON.stringify(request) : '';

  useEffect(() => {
    if (!key) {
      setState({ kind: 'idle' });
      return;
    }
    const asked = JSON.parse(key) as PreviewRequest;
    let current = true;
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const askTimer = setTimeout(async () => {
      const host = hostOf(asked.website);
      setState((last) => {
        const previous = last.kind === 'shown' ? last.preview : last.kind === 'reading' ? last.previous : null;
        // Another site's preview would say the wrong things while this one is read.
        return { kind: 'reading', host, slow: false, previous: previous?.host === host ? previous : null };
      });
      slowTimer = setTimeout(() => {
        if (current) setState((last) => (last.kind === 'reading' ? { ...last, slow: true } : last));
      }, config.preview.stillReadingAfterMs);
      const result = await createPreview(asked);
      clearTimeout(slowTimer);
      if (!current) return;
      if (result.kind === 'preview') setState({ kind: 'shown', preview: result.preview });
      // The website is not one the order would take: the form's own checks say so on submit.
      else if (result.kind === 'rejected' && result.errorCode === 'VALIDATION') setState({ kind: 'idle' });
      else setState({ kind: 'unavailable' });
    }, config.preview.debounceMs);
    return () => {
      current = false;
      clearTimeout(askTimer);
      clearTimeout(slowTimer);
    };
  }, [key]);

  return state;
}
