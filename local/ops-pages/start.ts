// The twin's ops pages (pages.ts) as a behaviour of the front door: /_local/* shows the orders,
// the executions and the mail, what the AWS console would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nothingToStop, type RunningService } from '#local/support/service.ts';
import { type OpsSources, serveOpsPage } from './pages.ts';

export interface OpsPages extends RunningService {
  pathPrefix: string;
  serve(req: IncomingMessage, res: ServerResponse): Promise<undefined>;
}

export function start(sources: OpsSources): OpsPages {
  return {
    pathPrefix: '/_local',
    async serve(req, res) {
      await serveOpsPage(req, res, sources);
      return undefined;
    },
    stop: nothingToStop,
  };
}
