// The delivery pack under the ad: while its other files render, their combined progress (live,
// like the order's); once ready, every file with its download link and the zip of them all with
// the licence, and where each file can run (each placement that takes its shape, passed or failed
// on the ad's length and the file's size: shared/placements.ts); if it failed, that the ad above is
// delivered all the same.

import type { OrderPackView } from '#shared/contract.ts';
import { openingsWords } from '#shared/pack-words.ts';
import { primaryButton } from '#web/components/styles.ts';
import { ProgressTrack } from './progress-bar.tsx';

export function DeliveryPack({ pack, durationSeconds }: { pack: OrderPackView; durationSeconds: number }) {
  return (
    <section aria-labelledby="pack-heading" className="mt-6 border-t border-slate-200 pt-6">
      <h3 id="pack-heading" className="font-semibold text-slate-900">
        Your delivery pack
      </h3>
      {pack.status === 'rendering' && <PackProgress progress={pack.progress} />}
      {pack.status === 'failed' && (
        <p className="mt-2 text-sm text-slate-700">
          The other formats could not be made. Your ad above is delivered and yours to use; write to us with your order
          ID and we will look into it.
        </p>
      )}
      {pack.status === 'ready' && pack.files && (
        <>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {pack.files.map((file) => (
              <li key={file.id} className="px-4 py-3">
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span className="min-w-0 text-sm text-slate-900">
                    {file.label}
                    <span className="ml-2 text-slate-600">
                      {durationSeconds} s, {megabytes(file.bytes)}
                    </span>
                  </span>
                  <a
                    href={file.download_url}
                    download
                    className="text-sm font-semibold text-indigo-700 underline"
                    aria-label={`Download ${file.label}`}
                  >
                    Download
                  </a>
                </div>
                <FilePlacements label={file.label} placements={file.placements} />
              </li>
            ))}
          </ul>
          {pack.openings !== undefined && <p className="mt-3 text-sm text-slate-700">{openingsWords(pack.openings)}</p>}
          {pack.zip_url && (
            <p className="mt-4">
              <a href={pack.zip_url} download className={primaryButton}>
                Download all as a zip
              </a>
              <span className="mt-2 block text-sm text-slate-700">
                The zip holds every file, the ad text to paste for TikTok, Meta and YouTube, captions (SRT, VTT), how to
                set each platform's AI label and the licence to use them (our terms' usage rights).
              </span>
            </p>
          )}
        </>
      )}
    </section>
  );
}

type PackFile = NonNullable<OrderPackView['files']>[number];

/** Pass/fail per placement, said in words (not by colour alone) so a screen reader hears it too. */
function FilePlacements({ label, placements }: { label: string; placements: PackFile['placements'] }) {
  return (
    <ul aria-label={`Where ${label} can run`} className="mt-2 space-y-0.5 text-sm">
      {placements.map((check) => (
        <li key={check.name} className="flex gap-2">
          <span aria-hidden="true" className={check.pass ? 'text-emerald-700' : 'text-rose-700'}>
            {check.pass ? '✓' : '✗'}
          </span>
          <span className={check.pass ? 'text-slate-700' : 'text-slate-900'}>
            {check.name}: {check.verdict}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PackProgress({ progress }: { progress: number }) {
  return (
    <div className="mt-2">
      <p className="text-sm text-slate-700" aria-live="polite">
        The other formats are being made: {progress}%
      </p>
      <ProgressTrack label="Delivery pack progress" progress={progress} />
    </div>
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
