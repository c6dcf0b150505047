// POST /api/newsletter {email} → 200 {message}, the same for every address (no enumeration).
import { newsletterRequestSchema } from '#shared/contract';
import { apiHandler, clientIp, json, parseBody } from '#shared/http';
import { countIpAttempt } from '#shared/ip-limit';
import { subscribe } from './subscribe.ts';

export const handler = apiHandler(
  async (event) => {
    await countIpAttempt(clientIp(event), 'newsletter');
    const { email } = parseBody(newsletterRequestSchema, event.body);
    return json(200, await subscribe(email));
  },
  { jsonBody: true },
);
