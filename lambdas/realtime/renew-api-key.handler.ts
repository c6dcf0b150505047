// Scheduled (lib/realtime/api-key-renewer.ts): extends the browser's live-status API key and
// reports the days it has left. A failed run reports nothing and throws; the ApiKeyExpiring alarm
// counts a day without a report as the key not being extended.
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { AppSyncClient } from '@aws-sdk/client-appsync';
import type { ScheduledEvent } from 'aws-lambda';
import { eventHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { metrics } from '#powertools/metrics.ts';
import { tracer } from '#powertools/tracer.ts';
import { apiKeyDaysLeftMetric } from '#shared/observability.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { daysLeft, parseApiKeyArn, renewApiKey } from './api-key-renewal.ts';

const appSync = tracer.captureAWSv3Client(new AppSyncClient({}));

export const handler = eventHandler<ScheduledEvent, void>(async () => {
  const key = parseApiKeyArn(requireEnv(envNames.eventsApiKeyArn));
  const now = new Date();
  const expiresAt = await renewApiKey(appSync, key, now);
  // Published with the invocation's other metrics when the wrapper flushes.
  metrics.addDimension('ApiId', key.apiId);
  metrics.addMetric(apiKeyDaysLeftMetric, MetricUnit.Count, daysLeft(expiresAt, now));
  logger.info('Live-status API key extended', { apiId: key.apiId, expiresAt: expiresAt.toISOString() });
});
