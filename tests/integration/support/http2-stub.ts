// What the tests' AWS service stubs share: an HTTP/2 server on a free port of 127.0.0.1 (Bedrock
// Runtime's and Polly's clients default to NodeHttp2Handler, which talks h2 with prior knowledge to
// an http:// endpoint) and JSON answers in the shape AWS sends them.
import { randomUUID } from 'node:crypto';
import { createServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { listen, sendJson } from '#local/support/http.ts';

export interface Http2Stub {
  /** Pass as the client's `endpoint`, e.g. http://127.0.0.1:43121. */
  endpoint: string;
  /** Stops the server and ends the sessions the SDK keeps open for reuse. */
  close(): Promise<void>;
}

/** Serves `handle`; a request it fails is answered by `onError`, as the service answers its own failures. */
export async function startHttp2Stub(
  handle: (request: Http2ServerRequest, response: Http2ServerResponse) => Promise<void>,
  onError: (response: Http2ServerResponse, error: Error) => void,
): Promise<Http2Stub> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => onError(response, error));
  });
  const listening = await listen(server);
  return { endpoint: `http://127.0.0.1:${listening.port}`, close: listening.close };
}

/** A JSON answer with a request id and, for an error, the x-amzn-errortype header the SDK names it by. */
export function sendAwsJson(response: Http2ServerResponse, status: number, body: unknown, errorType?: string): void {
  sendJson(response, status, body, {
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
}
