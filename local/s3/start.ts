// S3 for the twin: s3rver in its data folder (s3rver.ts) with the template's buckets, their CORS
// rules allowing the twin's own site origin where the stack names the site's domain.
import type { CloudFormationTemplate } from '#local/cloudformation/template.ts';
import type { RunningService } from '#local/support/service.ts';
import { bucketsFromTemplate, startS3 } from './s3rver.ts';

export interface S3 extends RunningService {
  endpoint: string;
}

export async function start(options: {
  directory: string;
  template: CloudFormationTemplate;
  siteUrl: string;
}): Promise<S3> {
  const buckets = bucketsFromTemplate(options.template).map((bucket) => ({
    ...bucket,
    cors: bucket.cors?.map((rule) => ({ ...rule, AllowedOrigins: [options.siteUrl] })),
  }));
  const s3 = await startS3({ directory: options.directory, buckets });
  return { endpoint: s3.endpoint, environment: { AWS_ENDPOINT_URL_S3: s3.endpoint }, stop: s3.stop };
}
