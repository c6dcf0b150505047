// POST /api/previews: what the ad will be made from, before paying (lambdas/generation/preview).
import { apiHandler, clientIp, json, parseBody } from '#common/http.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import { logger } from '#powertools/logger.ts';
import { previewRequestSchema } from '#shared/preview-request.ts';
import { previewSite } from './site-preview.ts';

export const handler = apiHandler(
  async (event) => {
    await countIpAttempt(clientIp(event), 'preview');
    const request = parseBody(previewRequestSchema, event.body);
    const preview = await previewSite(request);
    logger.info('Preview made', { readable: preview.readable, images: preview.images.length });
    return json(200, preview);
  },
  { jsonBody: true },
);
