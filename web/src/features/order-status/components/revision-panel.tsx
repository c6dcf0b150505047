// The order's one free revision (shared/revision.ts), under the ad: while it may be asked for, a
// note (counted down to its limit) and an optional photo, with what our writer will make of the
// note as it is typed (the API reads it with the same function) and what a revision keeps; then
// version 2's progress, live like the order's; then version 2 itself, or why it could not be made.

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { OrderRevisionView, OrderView } from '#shared/contract.ts';
import {
  readRevisionNote,
  revisionKeeps,
  revisionLimits,
  revisionRequestLabels,
  revisionRequestList,
} from '#shared/revision.ts';
import { fieldControl, fieldHint, fieldLabel, primaryButton } from '#web/components/styles.ts';
import { orderQueryKey } from '#web/features/order-status/api/get-order.ts';
import { requestRevision } from '#web/features/order-status/api/request-revision.ts';
import { createUpload } from '#web/lib/image-upload/create-upload.ts';
import { acceptedImageTypes, imageFileProblem } from '#web/lib/image-upload/image-checks.ts';
import { putImage } from '#web/lib/image-upload/put-image.ts';
import { ProgressTrack } from './progress-bar.tsx';

export function RevisionPanel({ order }: { order: OrderView }) {
  const revision = order.revision;
  if (!revision || (!revision.available_until && !revision.status)) return null;
  return (
    <section id="revision" aria-labelledby="revision-heading" className="mt-6 border-t border-slate-200 pt-6">
      <h3 id="revision-heading" className="font-semibold text-slate-900">
        {revision.status ? 'Your free revision' : 'One free revision'}
      </h3>
      {revision.available_until && <RevisionForm orderId={order.id} until={revision.available_until} />}
      {revision.status && <RevisionOutcome revision={revision} />}
    </section>
  );
}

const untilWords = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

function RevisionForm({ orderId, until }: { orderId: string; until: string }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const photoId = useId();
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reading = readRevisionNote(note, photo !== null);
  const typed = note.trim().length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!typed) {
      setError('Please write what you would like changed.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      let imageStoragePath: string | undefined;
      if (photo) {
        const upload = await createUpload({ fileName: photo.name, contentType: photo.type, size: photo.size });
        await putImage(upload, photo);
        imageStoragePath = upload.storagePath;
      }
      const result = await requestRevision(orderId, { note, ...(imageStoragePath ? { imageStoragePath } : {}) });
      if (result.kind === 'asked') {
        await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
        return;
      }
      setError(
        result.kind === 'rejected' && result.error
          ? result.error
          : result.kind === 'offline'
            ? 'You seem to be offline. Please try again.'
            : 'Something went wrong. Please try again.',
      );
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="mt-2 space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700">
        Until {untilWords(until)} you can ask for one change to your ad, free. Our writer can {revisionRequestList()}. A
        revision keeps {revisionKeeps.join(', ')}; version 2 is a 720x1280 file and version 1 stays yours.
      </p>
      <div>
        <label htmlFor={noteId} className={fieldLabel}>
          What should we change?
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={revisionLimits.noteMaxChars}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className={fieldControl}
          placeholder="Say the price, and open with another hook"
          aria-describedby={`${noteId}-count ${noteId}-reading`}
        />
        <p id={`${noteId}-count`} className={fieldHint}>
          {note.length} / {revisionLimits.noteMaxChars} characters
        </p>
        <div id={`${noteId}-reading`} aria-live="polite" className="mt-2 space-y-1 text-sm">
          {typed && reading.requests.length > 0 && (
            <p className="text-slate-800">
              We will: {reading.requests.map((kind) => revisionRequestLabels[kind]).join('; ')}.
            </p>
          )}
          {typed && reading.beyond.length > 0 && (
            <p className="font-medium text-amber-900">
              Beyond what our writer can do: {reading.beyond.map((part) => `“${part}”`).join('; ')}.
              {reading.requests.length === 0 && ' Your revision would not be used.'}
            </p>
          )}
        </div>
      </div>
      <div>
        <label htmlFor={photoId} className={fieldLabel}>
          A new photo (optional)
        </label>
        <input
          id={photoId}
          type="file"
          accept={acceptedImageTypes}
          className="mt-1.5 block w-full text-sm text-slate-700"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const problem = file ? imageFileProblem(file) : null;
            setError(problem?.description ?? null);
            setPhoto(problem ? null : file);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={sending}>
        {sending ? 'Sending…' : 'Ask for my free revision'}
      </button>
    </form>
  );
}

function RevisionOutcome({ revision }: { revision: OrderRevisionView }) {
  const asked = (revision.requests ?? []).map((kind) => revisionRequestLabels[kind]);
  return (
    <div className="mt-2 space-y-3 text-sm text-slate-700">
      {revision.note && <p className="wrap-anywhere">Your note: “{revision.note}”</p>}
      {asked.length > 0 && <p>You asked us to: {asked.join('; ')}.</p>}
      {(revision.not_done ?? []).length > 0 && (
        <p className="font-medium text-amber-900">What we could not change: {revision.not_done?.join('; ')}.</p>
      )}
      {(revision.beyond ?? []).length > 0 && (
        <p className="font-medium text-amber-900">
          Beyond what our writer can do: {revision.beyond?.map((part) => `“${part}”`).join('; ')}.
        </p>
      )}
      {revision.status === 'rendering' && <RevisionProgress progress={revision.progress ?? 0} />}
      {revision.status === 'failed' && (
        <p role="status" className="font-medium text-slate-900">
          We could not make version 2. Your ad above (version 1) is still yours, unchanged; nothing was charged.
        </p>
      )}
      {revision.status === 'ready' && revision.video_url && (
        <div className="flex flex-col items-center gap-4">
          <p role="status" className="self-start font-medium text-slate-900">
            Version 2 is ready.
          </p>
          {/* biome-ignore lint/a11y/useMediaCaption: the ad's voice is captioned in the picture itself. */}
          <video
            src={revision.video_url}
            poster={revision.poster_url}
            controls
            playsInline
            preload="metadata"
            aria-label="Version 2 of your ad"
            className="aspect-9/16 w-full max-w-64 rounded-2xl bg-slate-900 shadow-lg"
          />
          {revision.download_url && (
            <a href={revision.download_url} download className={primaryButton}>
              Download version 2
            </a>
          )}
        </div>
      )}
    </div>
  );
}

function RevisionProgress({ progress }: { progress: number }) {
  return (
    <div>
      <p aria-live="polite">Version 2 is being made: {progress}%</p>
      <ProgressTrack label="Revision progress" progress={progress} />
    </div>
  );
}
