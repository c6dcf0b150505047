// One Metrics instance per container: the stage's namespace and the service as default
// dimension. Business metric names live in shared/observability.ts, where the alarms read them.
// The handler wrappers (handlers.ts) flush it as EMF at the end of each invocation.
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { MetricsOptions } from '@aws-lambda-powertools/metrics/types';
import { config } from '#shared/config.ts';
import { logger } from './logger.ts';

const emptyFlushWarning = 'No application metrics to publish';

/**
 * Metrics' own warnings go through the logger. The one on an empty flush would fire on every
 * invocation that is not a step of an order's life (most of them), so that one is debug.
 */
const diagnostics: NonNullable<MetricsOptions['logger']> = {
  debug: (message: string) => logger.debug(message),
  info: (message: string) => logger.info(message),
  warn: (message: string) => (message.startsWith(emptyFlushWarning) ? logger.debug(message) : logger.warn(message)),
  error: (message: string) => logger.error(message),
};

export const metrics = new Metrics({
  namespace: config.brand.name,
  serviceName: config.brand.slug,
  logger: diagnostics,
});
