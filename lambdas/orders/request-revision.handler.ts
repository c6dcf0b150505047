// POST /api/orders/{id}/revisions: the order's one free revision → how the note was read.
import { apiHandler, clientIp, json, parseBody } from '#common/http.ts';
import { countIpAttempt } from '#common/ip-limit.ts';
import { revisionRequestSchema } from '#shared/contract.ts';
import { requestRevision } from './request-revision.ts';

export const handler = apiHandler(
  async (event) => {
    await countIpAttempt(clientIp(event), 'request-revision');
    const input = parseBody(revisionRequestSchema, event.body);
    return json(202, await requestRevision(event.pathParameters?.id, input));
  },
  { jsonBody: true },
);
