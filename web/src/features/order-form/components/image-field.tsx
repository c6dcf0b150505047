// The product image: checked in the browser, uploaded through a presigned PUT with a progress
// bar, then previewed from storage. The form keeps only the storage path and the original file
// name. Optional, unless the preview could not read the site: then it is all the ad would show,
// and the form asks for it (docs/spec-deviations.md).
import { type ChangeEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { config } from '#shared/config.ts';
import { fieldHint, fieldLabel } from '#web/components/styles.ts';
import { showToast } from '#web/components/toast.tsx';
import { formToasts } from '#web/features/order-form/feedback.ts';
import type { UploadedImage } from '#web/features/order-form/order-request.ts';
import { acceptedImageTypes, imageFileProblem } from '#web/lib/image-upload/image-checks.ts';
import { FieldError } from './field-error.tsx';

interface ImageFieldProps {
  image: UploadedImage | null;
  onImageChange: (image: UploadedImage | null) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** The file input, for the form to move focus to. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** The site could not be read: a photo is needed to order. */
  required: boolean;
  /** The form's error for the field (a required photo missing), shown when the field has none of its own. */
  formError: string | undefined;
}

interface UploadProgress {
  fileName: string;
  percent: number;
}

export function ImageField({
  image,
  onImageChange,
  onUploadingChange,
  inputRef,
  required,
  formError,
}: ImageFieldProps) {
  const id = useId();
  const input = inputRef;
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // The toast's words again at the field, until another file is chosen.
  const [fileError, setError] = useState<string | null>(null);
  const error = fileError ?? formError ?? null;
  const uploadAbort = useRef<AbortController | null>(null);

  // Leaving the page mid-upload stops the PUT and leaves no state to update.
  useEffect(() => () => uploadAbort.current?.abort(), []);

  const setUploading = (next: UploadProgress | null) => {
    setProgress(next);
    onUploadingChange(next !== null);
  };
  const clear = () => {
    if (input.current) input.current.value = '';
    onImageChange(null);
  };
  // The button disappears with the image, so focus goes back to the file picker.
  const remove = () => {
    clear();
    input.current?.focus();
  };

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(file);
    if (problem) {
      showToast(problem);
      setError(problem.description ?? problem.title);
      clear();
      return;
    }
    const abort = new AbortController();
    uploadAbort.current = abort;
    setUploading({ fileName: file.name, percent: 0 });
    try {
      // Fetched when a file is chosen: most buyers add none, and the home page's first load stays in budget.
      const [{ createUpload }, { putImage }] = await Promise.all([
        import('#web/lib/image-upload/create-upload.ts'),
        import('#web/lib/image-upload/put-image.ts'),
      ]);
      const upload = await createUpload({ fileName: file.name, contentType: file.type, size: file.size });
      await putImage(upload, file, {
        signal: abort.signal,
        onProgress: (percent) => setProgress({ fileName: file.name, percent }),
      });
      onImageChange({ fileName: file.name, storagePath: upload.storagePath, previewUrl: upload.previewUrl });
      showToast(formToasts.imageUploaded);
    } catch {
      if (abort.signal.aborted) return;
      clear();
      showToast(formToasts.uploadFailed);
      setError(formToasts.uploadFailed.description);
    } finally {
      if (!abort.signal.aborted) {
        uploadAbort.current = null;
        setUploading(null);
      }
    }
  }

  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {required ? 'Product Image (required)' : 'Product Image (optional)'}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={acceptedImageTypes}
        onChange={onFileChosen}
        disabled={progress !== null}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint ${id}-status`}
        className="mt-1.5 block w-full min-w-0 cursor-pointer rounded-xl border border-dashed border-slate-300 bg-slate-50 p-2 text-sm text-slate-700 file:mr-4 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 disabled:cursor-wait"
      />
      <FieldError id={`${id}-error`} message={error ?? undefined} />
      <p id={`${id}-hint`} className={fieldHint}>
        JPEG, PNG or WebP up to 5 MB. For best results use a {config.video.width}x{config.video.height} (9:16) image,
        the size of the video.
      </p>
      <p id={`${id}-status`} aria-live="polite" className="mt-1.5 truncate text-sm text-slate-700">
        {progress ? `Uploading ${progress.fileName}…` : ''}
      </p>
      {progress && (
        <div className="mt-1.5 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Uploading ${progress.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={`${progress.percent}%`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-indigo-600 transition-[width] duration-200 motion-reduce:transition-none"
              style={{ width: `${progress.percent}%` }}
            />
          </div>
          <span aria-hidden="true" className="w-10 text-right text-sm text-slate-700 tabular-nums">
            {progress.percent}%
          </span>
        </div>
      )}
      {image && (
        <div className="mt-3 flex items-start gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <img
            src={image.previewUrl}
            alt={`Preview of ${image.fileName}`}
            className="aspect-9/16 w-16 flex-none rounded-lg bg-slate-200 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{image.fileName}</p>
            <p className="text-sm text-emerald-800">Uploaded</p>
            <button
              type="button"
              onClick={remove}
              className="mt-2 -ml-3 rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-200"
            >
              Remove image
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
