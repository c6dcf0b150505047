// The twin's CloudFront: the one HTTP server a browser talks to. It listens before any other
// service starts, since the URLs handed to Stripe and to S3's CORS rules name its port, and answers
// 503 until the composer opens it. Then it routes by path as the distribution's behaviours do:
// the first behaviour whose prefix matches serves the request (one that answers false passes it
// on), and everything else is the built site through CloudFront's own edge functions (site.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { securityHeaders, viewerRequestCode, viewerResponseCode } from '#lib/site/edge-functions.ts';
import { listen, sendJson } from '#local/support/http.ts';
import type { RunningService } from '#local/support/service.ts';
import { pagePaths } from '#shared/paths.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';
import { loadEdgeFunction, serveSite } from './site.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Behaviour {
  pathPrefix: string;
  /** Serves the request; false when it is not its own after all (the next behaviour gets it). */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean | undefined>;
}

export interface SiteOrigin {
  /** What the site's /config.json says (the viewer-request function answers it). */
  runtimeConfig: RuntimeConfig;
  /** The bucket endpoint the pages load media from and upload to (the CSP allows it). */
  bucketEndpoint: string;
}

export interface FrontDoor extends RunningService {
  /** The site's origin as handed out in links: http://<publicHost>:<port>. */
  url: string;
  port: number;
  /** Starts serving: the behaviours in order, then the site. */
  open(behaviours: readonly Behaviour[], site: SiteOrigin): void;
}

export async function start(options: {
  port: number;
  /** Host in the URLs the twin hands out; localhost by default. */
  publicHost?: string;
  log: (line: string) => void;
}): Promise<FrontDoor> {
  let route: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
    res.statusCode = 503;
    res.end('Starting');
  };
  const server = createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      options.log(`request failed: ${error.stack ?? error.message}`);
      if (res.headersSent) res.end();
      else sendJson(res, 500, { error: 'Internal error', errorCode: 'INTERNAL' });
    });
  });
  const { port, close } = await listen(server, { port: options.port });

  return {
    url: `http://${options.publicHost ?? 'localhost'}:${port}`,
    port,
    open(behaviours, origin) {
      const site = {
        distDir: join(projectRoot, 'web', 'dist'),
        viewerRequest: loadEdgeFunction(viewerRequestCode(pagePaths, origin.runtimeConfig)),
        viewerResponse: loadEdgeFunction(viewerResponseCode()),
        securityHeaders: securityHeaders({
          connect: [origin.bucketEndpoint, origin.runtimeConfig.realtime.endpoint.replace(/\/event$/, '')],
          media: [origin.bucketEndpoint],
          images: [origin.bucketEndpoint],
        }),
      };
      route = async (req, res) => {
        const path = new URL(req.url ?? '/', 'http://twin').pathname;
        for (const behaviour of behaviours) {
          if (path.startsWith(behaviour.pathPrefix) && (await behaviour.serve(req, res)) !== false) return;
        }
        return serveSite(req, res, site);
      };
    },
    stop: close,
  };
}
