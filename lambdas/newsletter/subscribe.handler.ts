// POST /api/newsletter {email} → 200 {message}, the same for every address (no enumeration).

import { apiHandler, clientIp, json, parseBody } from '#common/http.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import { newsletterRequestSchema } from '#shared/contract.ts';
import { subscribe } from './subscribe.ts';

export const handler = apiHandler(
  async (event) => {
    await countIpAttempt(clientIp(event), 'newsletter');
    const { email } = parseBody(newsletterRequestSchema, event.body);
    return json(200, await subscribe(email));
  },
  { jsonBody: true },
);
