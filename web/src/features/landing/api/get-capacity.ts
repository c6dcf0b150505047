// GET /api/capacity: how many ads can still be ordered today (docs/spec-deviations.md). The band keeps the
// spec's sentence; when the number cannot be read it shows the spec's own '12 spots available today'.

import { routePath } from '#shared/api-paths.ts';
import { type CapacityResponse, capacityResponseSchema } from '#shared/contract.ts';
import { type ApiAnswer, callApi } from '#web/lib/api-client.ts';

export const spotsFallbackText = '12 spots available today';

export type Capacity = CapacityResponse;

export function readCapacityAnswer(answer: ApiAnswer): Capacity | null {
  const capacity = capacityResponseSchema.safeParse(answer.body);
  return answer.ok && capacity.success ? capacity.data : null;
}

export async function getCapacity(): Promise<Capacity | null> {
  try {
    return readCapacityAnswer(await callApi(routePath('GetCapacity'), { method: 'GET' }));
  } catch {
    return null;
  }
}

export function spotsText(capacity: Capacity | null): string {
  if (!capacity) return spotsFallbackText;
  return `${capacity.spotsLeft} ${capacity.spotsLeft === 1 ? 'spot' : 'spots'} available today`;
}
