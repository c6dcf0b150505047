// POST /api/previews: what the ad will be made from, before paying (lambdas/generation/preview).

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { apiHandler, clientIp, json, parseBody } from '#common/http.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import { logger } from '#powertools/logger.ts';
import { metrics } from '#powertools/metrics.ts';
import { businessMetrics } from '#shared/observability.ts';
import { previewRequestSchema } from '#shared/preview-request.ts';
import { previewSite } from './site-preview.ts';

export const handler = apiHandler(
  async (event) => {
    await countIpAttempt(clientIp(event), 'preview');
    const request = parseBody(previewRequestSchema, event.body);
    const preview = await previewSite(request);
    logger.info('Preview made', { readable: preview.readable, images: preview.images.length });
    metrics.addMetric(businessMetrics.previewsShown, MetricUnit.Count, 1);
    if (!preview.readable) metrics.addMetric(businessMetrics.unreadableSitePreviews, MetricUnit.Count, 1);
    return json(200, preview);
  },
  { jsonBody: true },
);
