// One Metrics instance per container: the stage's namespace and the service as default
// dimension. Business metric names live in shared/observability.ts, where the alarms read them.
import { Metrics } from '@aws-lambda-powertools/metrics';
import { config } from '#shared/config.ts';

export const metrics = new Metrics({ namespace: config.brand.name, serviceName: config.brand.slug });
