// The preview panel of the order form (docs/features.md "The preview before paying"): what the ad will be made from, or, plainly,
// that the site could not be read, before the buyer pays. Loaded only once a website is typed
// (preview-slot.tsx), so the home page's first load carries none of it.
import { useEffect, useId } from 'react';
import { messages, styleLabels } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { type PreviewRequest, type PreviewResponse, unreadableSiteMessage } from '#shared/preview-contract.ts';
import { type PreviewState, useSitePreview } from './use-site-preview.ts';

const imageLabels: Record<PreviewResponse['images'][number]['source'], string> = {
  upload: 'Your photo',
  hero: 'Main image from your site',
  'og-image': 'Share image from your site',
  product: 'Product image from your site',
  logo: 'Your logo',
};

export default function AdPreview({
  request,
  onSiteUnreadableChange,
}: {
  request: PreviewRequest | null;
  onSiteUnreadableChange?: (unreadable: boolean) => void;
}) {
  const state = useSitePreview(request);
  const headingId = useId();
  const unreadable = siteUnreadable(state);
  useEffect(() => onSiteUnreadableChange?.(unreadable), [unreadable, onSiteUnreadableChange]);
  // No preview, no requirement: the API still checks the site for itself.
  useEffect(() => () => onSiteUnreadableChange?.(false), [onSiteUnreadableChange]);
  if (state.kind === 'idle') return null;
  return (
    <section
      aria-labelledby={headingId}
      aria-live="polite"
      aria-busy={state.kind === 'reading'}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        What your ad will be made from
      </h3>
      <PreviewBody state={state} hasPhoto={Boolean(request?.imageStoragePath)} />
    </section>
  );
}

/** The preview says this site could not be read (while another is read, the last answer for the same host stands). */
function siteUnreadable(state: PreviewState): boolean {
  const preview = state.kind === 'shown' ? state.preview : state.kind === 'reading' ? state.previous : null;
  return preview !== null && !preview.readable && !preview.refusedFor;
}

function PreviewBody({ state, hasPhoto }: { state: Exclude<PreviewState, { kind: 'idle' }>; hasPhoto: boolean }) {
  switch (state.kind) {
    case 'reading':
      return (
        <>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <span
              aria-hidden="true"
              className="size-3.5 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent"
            />
            {state.slow ? `Still reading ${state.host}…` : `Reading ${state.host}…`}
          </p>
          {state.previous ? (
            <div className="opacity-60">
              <PreviewDetails preview={state.previous} hasPhoto={hasPhoto} />
            </div>
          ) : null}
        </>
      );
    case 'shown':
      return <PreviewDetails preview={state.preview} hasPhoto={hasPhoto} />;
    case 'unavailable':
      return (
        <p className="mt-2 text-sm text-slate-700">
          The preview is not available right now. You can still order: your ad is made from your website when you pay.
        </p>
      );
  }
}

function PreviewDetails({ preview, hasPhoto }: { preview: PreviewResponse; hasPhoto: boolean }) {
  // No ad would be made: nothing of one is shown, only why and where the rules are.
  if (preview.refusedFor) return <ContentRefusal host={preview.host} category={preview.refusedFor} />;
  return (
    <div className="mt-3 grid gap-4">
      {preview.readable ? null : (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{unreadableSiteMessage(preview.host)}.</p>
          {preview.reason ? <p className="mt-1">{sentence(preview.reason)}</p> : null}
          <p className="mt-1">
            {hasPhoto
              ? 'Your photo will carry the ad. You can go on, or check the address.'
              : 'Add a product photo below to order: without one your ad would have nothing to show but your name.'}
          </p>
        </div>
      )}
      {preview.images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Images the ad will use">
          {preview.images.map((image) => (
            <li key={image.url}>
              <img
                src={image.url}
                alt={image.description ?? imageLabels[image.source]}
                title={imageLabels[image.source]}
                width={72}
                height={72}
                loading="lazy"
                className={`size-18 rounded-lg border bg-white object-cover ${image.source === 'upload' ? 'border-indigo-500 ring-2 ring-indigo-200' : 'border-slate-200'}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="font-medium text-slate-600">Business</dt>
          <dd className="font-semibold text-slate-900">{preview.businessName}</dd>
        </div>
        {preview.readable ? (
          <div>
            <dt className="font-medium text-slate-600">Headline we read</dt>
            <dd className="text-slate-900">{preview.headline}</dd>
          </div>
        ) : null}
        {preview.claims.length > 0 ? (
          <div>
            <dt className="font-medium text-slate-600">Claims and offers we read</dt>
            <dd>
              <ul className="list-disc pl-5 text-slate-900">
                {preview.claims.map((claim) => (
                  <li key={claim}>{claim}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-slate-600">Colours</dt>
          <dd className="mt-1 flex gap-2">
            {Object.entries(preview.colors).map(([role, color]) => (
              <span
                key={role}
                role="img"
                aria-label={`${role} colour ${color}`}
                title={color}
                className="size-6 rounded-full border border-slate-300"
                style={{ backgroundColor: color }}
              />
            ))}
          </dd>
        </div>
      </dl>
      {/* An unread site without a photo gets no ad until it has one: no opening of one is shown. */}
      {preview.readable || hasPhoto ? <Opening preview={preview} /> : null}
    </div>
  );
}

function Opening({ preview }: { preview: PreviewResponse }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-600">
        Your {styleLabels[preview.style]} ad of {preview.durationSeconds} seconds opens with
      </p>
      <div className="mt-1.5 flex items-start gap-3">
        {preview.openingFrame ? (
          <img
            src={preview.openingFrame}
            alt={`The ad's opening frame: ${preview.hook.text.join(' ')}`}
            width={120}
            height={213}
            className="w-30 flex-none rounded-lg border border-slate-300 bg-slate-900"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div
            className="rounded-lg px-4 py-3 text-lg leading-snug font-extrabold"
            style={{ backgroundColor: preview.colors.primary, color: preview.colors.text }}
          >
            {preview.hook.text.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </div>
          <p className="mt-1.5 text-sm text-slate-700">Voice-over: “{preview.hook.voiceLine}”</p>
        </div>
      </div>
    </div>
  );
}

function ContentRefusal({ host, category }: { host: string; category: string }) {
  return (
    <div role="note" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      <p className="font-semibold">{messages.contentRefused(host, category)}</p>
      <p className="mt-1">
        See what we do not make ads for in our{' '}
        <a
          href={`${paths.terms}#terms-prohibited-content`}
          target="_blank"
          rel="noopener"
          className="font-semibold underline"
        >
          terms
        </a>
        .
      </p>
    </div>
  );
}

/** "its address was not found" → "Its address was not found." */
function sentence(phrase: string): string {
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}
