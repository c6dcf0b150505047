// The optional product image: checked in the browser, uploaded through a presigned PUT, then
// previewed from storage. The form keeps only the storage path and the original file name.
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { config } from '#shared/config';
import { fieldHint, fieldLabel } from '../../../components/styles.ts';
import { useToast } from '../../../components/toast.tsx';
import { createUpload } from '../api/create-upload.ts';
import { putImage } from '../api/put-image.ts';
import { formToasts } from '../feedback.ts';
import { acceptedImageTypes, imageFileProblem } from '../image-checks.ts';
import type { UploadedImage } from '../order-request.ts';

interface ImageFieldProps {
  image: UploadedImage | null;
  onImageChange: (image: UploadedImage | null) => void;
  onUploadingChange: (uploading: boolean) => void;
}

export function ImageField({ image, onImageChange, onUploadingChange }: ImageFieldProps) {
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange(busy);
  };
  const clear = () => {
    if (input.current) input.current.value = '';
    onImageChange(null);
  };

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast(problem);
      clear();
      return;
    }
    setBusy(true);
    try {
      const upload = await createUpload({ fileName: file.name, contentType: file.type, size: file.size });
      await putImage(upload, file);
      onImageChange({ fileName: file.name, storagePath: upload.storagePath, previewUrl: upload.previewUrl });
      toast(formToasts.imageUploaded);
    } catch {
      clear();
      toast(formToasts.uploadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        Product Image (optional)
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={acceptedImageTypes}
        onChange={onFileChosen}
        disabled={uploading}
        aria-describedby={`${id}-hint ${id}-status`}
        className="mt-1.5 block w-full cursor-pointer rounded-xl border border-dashed border-slate-300 bg-slate-50 p-2 text-sm text-slate-700 file:mr-4 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 disabled:cursor-wait"
      />
      <p id={`${id}-hint`} className={fieldHint}>
        JPEG, PNG or WebP up to 5 MB. For best results use a {config.video.width}x{config.video.height} (9:16) image,
        the size of the video.
      </p>
      <p id={`${id}-status`} aria-live="polite" className="text-sm text-slate-700">
        {uploading ? 'Uploading image…' : ''}
      </p>
      {image && (
        <div className="mt-3 flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <img
            src={image.previewUrl}
            alt={`Preview of ${image.fileName}`}
            className="aspect-9/16 w-16 rounded-lg bg-slate-200 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{image.fileName}</p>
            <p className="text-sm text-emerald-700">Uploaded</p>
          </div>
          <button
            type="button"
            onClick={clear}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-200"
          >
            Remove image
          </button>
        </div>
      )}
    </div>
  );
}
