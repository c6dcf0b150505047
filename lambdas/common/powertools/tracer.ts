// One X-Ray tracer per container (tracing is on for every function). Outside Lambda — the twin,
// the tests — Powertools leaves it disabled, so the same handlers run there unchanged.
import { Tracer } from '@aws-lambda-powertools/tracer';
import { config } from '#shared/config.ts';

export const tracer = new Tracer({ serviceName: config.brand.slug });
