// Lambda's Invoke API for the twin: what @aws-sdk/client-lambda calls (POST
// /2015-03-31/functions/<name>/invocations), running the function's handler module in this
// process. `Event` invocations answer 202 at once and run in the background, as in AWS. A state
// machine's Task on a function (Step Functions' synchronous invoke) goes through runTask, so the
// same failure drills reach it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, readBody, sendJson } from '#local/support/http.ts';

export type InvokedHandler = (event: unknown) => Promise<unknown>;

export interface LocalLambdaOptions {
  /** Function name (as the template names it) → its handler. */
  functions: Record<string, InvokedHandler>;
  log?: (line: string) => void;
}

export interface LocalLambda {
  endpoint: string;
  /** Resolves when every background (Event) invocation has finished. */
  idle(): Promise<void>;
  /**
   * Failure drills: the next `count` invocations of `name` answer 500 ServiceException, as Lambda
   * does when the service itself fails (the caller's SDK retries those, then its step does).
   * With `matching`, only invocations whose event it accepts fail, and count.
   */
  failNext(name: string, count: number, matching?: (event: unknown) => boolean): void;
  /**
   * Step Functions' synchronous invoke of `name` (a Task state on the function): the handler's
   * result, its error as the task's, or, under a failure drill, `Lambda.ServiceException` as Step
   * Functions names a Lambda service failure.
   */
  runTask(name: string, event: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

const invokePath = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLocalLambda(options: LocalLambdaOptions): Promise<LocalLambda> {
  const log = options.log ?? ((line: string) => console.error(line));
  const running = new Set<Promise<unknown>>();
  const failuresLeft = new Map<string, number>();
  const failureFilters = new Map<string, (event: unknown) => boolean>();
  /** Whether this invocation is one a drill fails (and counts it). */
  const drilled = (name: string, event: unknown): boolean => {
    const failures = failuresLeft.get(name) ?? 0;
    if (failures <= 0 || !(failureFilters.get(name) ?? (() => true))(event)) return false;
    failuresLeft.set(name, failures - 1);
    return true;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      log(`lambda endpoint: ${error.message}`);
      if (!res.headersSent) send(res, 500, { Type: 'Service', message: error.message }, 'ServiceException');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = invokePath.exec(new URL(req.url ?? '/', 'http://lambda').pathname);
    if (req.method !== 'POST' || !match)
      return send(res, 404, { message: 'Unknown operation' }, 'ResourceNotFoundException');
    // The SDK may send the name, a partial ARN or the full ARN; the name is the last segment.
    const name =
      decodeURIComponent(match[1] ?? '')
        .split(':')
        .filter((part) => !/^\$LATEST$|^\d+$/.test(part))
        .at(-1) ?? '';
    const handler = options.functions[name];
    if (!handler) {
      return send(res, 404, { Type: 'User', message: `Function not found: ${name}` }, 'ResourceNotFoundException');
    }
    const body = await readBody(req);
    const event = body.length ? JSON.parse(body.toString('utf8')) : {};
    if (drilled(name, event)) {
      return send(res, 500, { Type: 'Service', message: 'Service failure (twin drill)' }, 'ServiceException');
    }
    if (req.headers['x-amz-invocation-type'] === 'Event') {
      const invocation = handler(event)
        .catch((error: Error) => log(`async invoke of ${name} failed: ${error.stack ?? error.message}`))
        .finally(() => running.delete(invocation));
      running.add(invocation);
      res.statusCode = 202;
      res.end();
      return;
    }
    try {
      const result = await handler(event);
      sendJson(res, 200, result ?? null);
    } catch (error) {
      // Lambda answers 200 with the error as payload and names it in X-Amz-Function-Error.
      const payload = { errorType: (error as Error).name, errorMessage: (error as Error).message };
      sendJson(res, 200, payload, { 'x-amz-function-error': 'Unhandled' });
    }
  }

  const listening = await listen(server);
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return {
    endpoint: `http://127.0.0.1:${listening.port}`,
    idle,
    failNext(name, count, matching) {
      failuresLeft.set(name, count);
      if (matching) failureFilters.set(name, matching);
      else failureFilters.delete(name);
    },
    async runTask(name, event) {
      const handler = options.functions[name];
      if (!handler)
        throw Object.assign(new Error(`Function not found: ${name}`), { name: 'Lambda.ResourceNotFoundException' });
      if (drilled(name, event)) {
        throw Object.assign(new Error('Service failure (twin drill)'), { name: 'Lambda.ServiceException' });
      }
      return handler(event);
    },
    async stop() {
      await listening.close();
      await idle();
    },
  };
}

/** A failure of the Invoke API itself, named as the SDK reads it. */
function send(res: ServerResponse, status: number, body: unknown, errorType: string): void {
  sendJson(res, status, body, { 'x-amzn-errortype': errorType });
}
