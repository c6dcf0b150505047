// POST /api/uploads: a presigned PUT for one image, its storage path and a preview URL. Shared by
// the order form and the order page's revision panel, so it lives outside both features.

import { routePath } from '#shared/api-paths.ts';
import { type CreateUploadRequest, type CreateUploadResponse, createUploadResponseSchema } from '#shared/contract.ts';
import { callApi } from '#web/lib/api-client.ts';

export async function createUpload(request: CreateUploadRequest): Promise<CreateUploadResponse> {
  const answer = await callApi(routePath('CreateUpload'), { method: 'POST', json: request });
  if (!answer.ok) throw new Error(`The upload was refused (HTTP ${answer.status}).`);
  return createUploadResponseSchema.parse(answer.body);
}
