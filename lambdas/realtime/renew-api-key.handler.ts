// Scheduled (lib/realtime/api-key-renewer.ts): extends the browser's live-status API key and
// reports the days it has left. A failed run reports nothing and throws; the ApiKeyExpiring alarm
// counts a day without a report as the key not being extended.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { AppSyncClient } from '@aws-sdk/client-appsync';
import { logger } from '#powertools/logger.ts';
import { apiKeyDaysLeftMetric } from '#shared/observability.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';
import { daysLeft, parseApiKeyArn, renewApiKey } from './api-key-renewal.ts';

const appSync = new AppSyncClient({});
// Namespace and the `service` dimension come from POWERTOOLS_METRICS_NAMESPACE / _SERVICE_NAME.
const metrics = new Metrics();

export async function handler(): Promise<void> {
  const key = parseApiKeyArn(requireEnv(envNames.eventsApiKeyArn));
  const now = new Date();
  const expiresAt = await renewApiKey(appSync, key, now);
  metrics.addDimension('ApiId', key.apiId);
  metrics.addMetric(apiKeyDaysLeftMetric, MetricUnit.Count, daysLeft(expiresAt, now));
  metrics.publishStoredMetrics();
  logger.info('Live-status API key extended', { apiId: key.apiId, expiresAt: expiresAt.toISOString() });
}
