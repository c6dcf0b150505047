// The SDK's own fetch client with a tap: every raw response body is kept as the server sent it, so
// the contract is checked on the wire format rather than on objects the SDK has already parsed.
import Stripe from 'stripe';
import type { RecordedResponse } from './openapi-contract.ts';

export class ResponseRecorder {
  private responses: RecordedResponse[] = [];

  readonly httpClient = Stripe.createFetchHttpClient(async (input, init) => {
    const response = await fetch(input, init);
    this.responses.push({
      method: init?.method ?? 'GET',
      path: new URL(String(input)).pathname,
      status: response.status,
      body: await response.clone().text(),
    });
    return response;
  });

  /** The responses recorded since the last call. */
  take(): RecordedResponse[] {
    return this.responses.splice(0);
  }

  /** The body of the latest response, parsed. */
  latestBody(): unknown {
    const latest = this.responses.at(-1);
    if (!latest) throw new Error('No response recorded yet');
    return JSON.parse(latest.body);
  }
}
