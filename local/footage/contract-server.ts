// The HTTP front of a local footage contract server: listens on 127.0.0.1 (a free port unless
// told), reads the JSON body, records every request for the tests, and hands it to the
// provider's routes. A body that is not JSON is answered by the routes (each in its own words).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, readText } from '#local/support/http.ts';
import { type Drill, type JobBoard, plainHeaders } from './job-board.ts';

export interface ContractServer {
  provider: 'veo' | 'runway' | 'fal';
  /** http://127.0.0.1:<port>: the provider's API origin, as the adapter is pointed at it. */
  url: string;
  requests: JobBoard['requests'];
  jobs: JobBoard['jobs'];
  /** Arms a failure or refusal for the next job (rate-limit: the next submit; unavailable: the next poll). */
  failNext(drill: Drill, times?: number): void;
  stop(): Promise<void>;
}

/** Request bodies beyond this are refused: the providers cap inline images at a few MB. */
const maxBodyBytes = 16 * 1024 * 1024;

export async function startContractServer(
  provider: ContractServer['provider'],
  board: JobBoard,
  route: (req: IncomingMessage, res: ServerResponse, body: unknown, base: string) => Promise<void> | void,
  port = 0,
): Promise<ContractServer> {
  let base = '';
  const server = createServer((req, res) => {
    (async () => {
      const text = req.method === 'POST' ? await readText(req, maxBodyBytes) : '';
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      board.requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: plainHeaders(req.headers),
        body,
      });
      await route(req, res, body, base);
    })().catch((error: Error) => {
      if (res.headersSent) res.end();
      else {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: error.message }));
      }
    });
  });
  const listening = await listen(server, { port });
  base = `http://127.0.0.1:${listening.port}`;
  return {
    provider,
    url: base,
    requests: board.requests,
    jobs: board.jobs,
    failNext: board.failNext,
    stop: listening.close,
  };
}
