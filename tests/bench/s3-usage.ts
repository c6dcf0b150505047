// What one ad asks of S3: requests by price class (the product's SDK calls and the buyer's
// browser as seen on the twin, plus the buyer's GETs of the finished files) and the bytes it keeps
// for its bucket's retention (lifecycle rules from the synthesized template).
import { type AdJourney, s3Object } from './ad-journey.ts';
import type { CloudAssembly } from './cloud-assembly.ts';
import { costAssumptions } from './cost-assumptions.ts';
import type { ObservedRequest } from './http-observer.ts';
import { bucketExpirationDays, referencedId } from './stack-template.ts';

export interface S3Usage {
  putRequests: number;
  getRequests: number;
  storedBytes: number;
  /** The longest retention of what was stored; 30 when a bucket never expires objects. */
  storedDays: number;
  gbMonths: number;
  /** The buyer's photo, as uploaded. */
  photoBytes: number;
}

/** Which of the buckets the functions name (IMAGES_BUCKET, VIDEOS_BUCKET…) each twin bucket is, and its retention. */
function bucketRetentionDays(
  assembly: CloudAssembly,
  twinEnv: Record<string, string>,
): Map<string, number | undefined> {
  const resources = (assembly.template.Resources ?? {}) as Record<
    string,
    { Type: string; Properties?: Record<string, unknown> }
  >;
  const retention = new Map<string, number | undefined>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
      ?.Variables;
    for (const [variable, value] of Object.entries(variables ?? {})) {
      const bucketId = referencedId(value);
      const twinName = twinEnv[variable];
      if (!bucketId || !twinName || resources[bucketId]?.Type !== 'AWS::S3::Bucket') continue;
      retention.set(twinName, bucketExpirationDays(assembly, bucketId));
    }
  }
  return retention;
}

/** LIST is a GET on the bucket itself; S3 prices it with PUT, COPY and POST. */
const isPutClass = (request: ObservedRequest) =>
  ['PUT', 'POST', 'COPY'].includes(request.method) || (request.method === 'GET' && !s3Object(request).key);
const isGetClass = (request: ObservedRequest) => ['GET', 'HEAD'].includes(request.method) && !isPutClass(request);

export function s3Usage(journey: AdJourney, assembly: CloudAssembly, twinEnv: Record<string, string>): S3Usage {
  const written = new Map<string, ObservedRequest>();
  for (const request of journey.s3.filter((r) => r.method === 'PUT')) {
    const { bucket, key } = s3Object(request);
    written.set(`${bucket}/${key}`, request);
  }
  const retention = bucketRetentionDays(assembly, twinEnv);
  let gbMonths = 0;
  let storedBytes = 0;
  let storedDays = 0;
  for (const request of written.values()) {
    const days = retention.get(s3Object(request).bucket) ?? 30;
    storedBytes += request.bodyBytes;
    storedDays = Math.max(storedDays, days);
    gbMonths += (request.bodyBytes / 1024 ** 3) * (days / 30);
  }
  const photoUpload = journey.s3.find((request) => request.method === 'PUT' && !request.userAgent.includes('aws-sdk'));
  return {
    putRequests: journey.s3.filter(isPutClass).length,
    getRequests:
      journey.s3.filter(isGetClass).length + costAssumptions.buyerPosterGets + costAssumptions.buyerVideoGets,
    storedBytes,
    storedDays,
    gbMonths,
    photoBytes: photoUpload?.bodyBytes ?? 0,
  };
}
