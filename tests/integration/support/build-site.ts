// Integration suites serve the built site (the success and cancel pages run the site's code), so
// build it once before any twin starts, exactly as `npm start` does; and compile DynamoDB Local's
// loopback launcher once, rather than in every twin that starts first in parallel.

import { buildSiteIfStale } from '#local/cloudfront/site-build.ts';
import { prepareDynamoDbLocal } from '#local/dynamodb/dynamodb-local.ts';

export default async function setup(): Promise<void> {
  await buildSiteIfStale((line) => console.log(line));
  await prepareDynamoDbLocal();
}
