// POST /api/previews: what the ad will be made from, for the form's website, style, length and photo.

import { routePath } from '#shared/api-paths.ts';
import { type PreviewRequest, type PreviewResponse, previewResponseSchema } from '#shared/preview-contract.ts';
import { type ApiAnswer, type ApiRejection, callApiOrOffline, readRejection } from '#web/lib/api-client.ts';

export type CreatePreviewResult =
  | { kind: 'preview'; preview: PreviewResponse }
  | ApiRejection
  | { kind: 'unexpected' }
  | { kind: 'offline' };

export function readCreatePreviewAnswer(answer: ApiAnswer): CreatePreviewResult {
  const preview = previewResponseSchema.safeParse(answer.body);
  if (answer.ok && preview.success) return { kind: 'preview', preview: preview.data };
  return readRejection(answer) ?? { kind: 'unexpected' };
}

export async function createPreview(request: PreviewRequest): Promise<CreatePreviewResult> {
  const answer = await callApiOrOffline(routePath('CreatePreview'), { method: 'POST', json: request });
  return 'kind' in answer ? answer : readCreatePreviewAnswer(answer);
}
