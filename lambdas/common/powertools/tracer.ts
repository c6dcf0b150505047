// One X-Ray tracer per container (tracing is on for every function). Powertools turns it on only
// where AWS_EXECUTION_ENV is set and POWERTOOLS_TRACE_ENABLED is not false, so outside Lambda — the
// twin, the tests — it is a no-op and the same handlers run there unchanged.
import { Tracer } from '@aws-lambda-powertools/tracer';
import { config } from '#shared/config.ts';

export const tracer = new Tracer({ serviceName: config.brand.slug });
