// GET /api/capacity → {spotsLeft, dailyCapacity}: the CTA band's "N spots available today".
import { apiHandler, json } from '#common/http.ts';
import { capacityToday } from './daily-capacity.ts';

/** Browsers may reuse an answer for a minute (CloudFront does not cache /api/*); the number moves slowly. */
const cacheControl = 'public, max-age=60';

export const handler = apiHandler(async () => {
  const answer = json(200, await capacityToday());
  return { ...answer, headers: { ...answer.headers, 'cache-control': cacheControl } };
});
