// One Metrics instance per container: the brand's namespace, and the service and the stage as
// default dimensions. Business metric names live in shared/observability.ts, where the alarms read them.
// The handler wrappers (handlers.ts) flush it as EMF at the end of each invocation.
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { MetricsOptions } from '@aws-lambda-powertools/metrics/types';
import { config } from '#shared/config.ts';
import { businessMetricDimensions } from '#shared/observability.ts';
import { envNames } from '#shared/runtime-env.ts';
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

// ReelFiveFunction sets the stage on every function; a module loaded outside a stage (a unit test,
// a script) counts as the twin's.
const { service, stage } = businessMetricDimensions(process.env[envNames.stage] ?? 'local');

export const metrics = new Metrics({
  namespace: config.brand.name,
  serviceName: service,
  defaultDimensions: { stage },
  logger: diagnostics,
});
