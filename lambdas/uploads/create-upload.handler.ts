// POST /api/uploads: a presigned PUT for the buyer's optional product image.

import { apiHandler, clientIp, json, parseBody } from '#common/http.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import { createUploadRequestSchema } from '#shared/contract.ts';
import { presignImageUpload } from './image-upload.ts';

export const handler = apiHandler(
  async (event) => {
    await countIpAttempt(clientIp(event), 'upload');
    const request = parseBody(createUploadRequestSchema, event.body);
    return json(200, await presignImageUpload(request));
  },
  { jsonBody: true },
);
