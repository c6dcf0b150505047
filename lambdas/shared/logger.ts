// One structured logger per container. Never log emails, IPs or card data: ids and codes only.
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'reelfive' });
