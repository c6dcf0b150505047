// POST /api/orders/{id}/revisions: the order's one free revision, with the note and an optional photo.
import { routePath } from '#shared/api-paths.ts';
import type { RevisionRequestInput, RevisionRequestResponse } from '#shared/contract.ts';
import { type ApiRejection, callApiOrOffline, readRejection } from '#web/lib/api-client.ts';

export type RequestRevisionResult =
  | ({ kind: 'asked' } & RevisionRequestResponse)
  | ApiRejection
  | { kind: 'unexpected' }
  | { kind: 'offline' };

export async function requestRevision(orderId: string, request: RevisionRequestInput): Promise<RequestRevisionResult> {
  const answer = await callApiOrOffline(routePath('RequestRevision', { id: orderId }), {
    method: 'POST',
    json: request,
  });
  if ('kind' in answer) return answer;
  const body = answer.body as Partial<RevisionRequestResponse> | undefined;
  if (answer.ok && Array.isArray(body?.requests) && Array.isArray(body?.beyond)) {
    return { kind: 'asked', requests: body.requests, beyond: body.beyond, not_done: body.not_done ?? [] };
  }
  return readRejection(answer) ?? { kind: 'unexpected' };
}
