// One structured logger per container. Never log emails, IPs or card data: ids and codes only.
import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '#shared/config.ts';

export const logger = new Logger({ serviceName: config.brand.slug });
