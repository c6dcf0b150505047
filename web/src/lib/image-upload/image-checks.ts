// Client-side checks on a chosen image before anything is uploaded (docs/product.md "Validation and messages").
import { config } from '#shared/config.ts';
import { messages } from '#shared/contract.ts';
import type { ToastMessage } from '#web/components/toast.tsx';

export const acceptedImageTypes = config.limits.uploadContentTypes.join(',');

/** The toast to show when the file may not be uploaded, or null when it may. */
export function imageFileProblem(file: { type: string; size: number }): ToastMessage | null {
  if (!config.limits.uploadContentTypes.includes(file.type)) {
    return { title: 'Invalid File Type', description: messages.invalidFileType, tone: 'error' };
  }
  if (file.size > config.limits.uploadMaxBytes) {
    return { title: 'File Too Large', description: messages.fileTooLarge, tone: 'error' };
  }
  return null;
}
