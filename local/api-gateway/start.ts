// API Gateway on the twin (http-api.ts): /api/* as CloudFront forwards it, each route's real
// handler module (lambdas/, shared/routes.ts) called with the HTTP API's event, and the failure
// drills the browser tests arm.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Functions } from '#local/lambda/start.ts';
import { nothingToStop, type RunningService } from '#local/support/service.ts';
import type { ApiRoute } from '#shared/routes.ts';
import { originVerifyHeader, viewerAddressHeader } from '#shared/runtime-env.ts';
import { createGatewayFaults, type GatewayFaults, type HttpHandler, serveApi } from './http-api.ts';

export interface ApiGateway extends RunningService {
  /** The front door's behaviour for /api/*. */
  pathPrefix: string;
  serve(req: IncomingMessage, res: ServerResponse): Promise<undefined>;
  /** A route's function failing, or the API unreachable. */
  faults: GatewayFaults;
}

export function start(options: {
  functions: Functions;
  /** The secret CloudFront adds to every request it forwards (secrets-manager/start.ts). */
  originSecret: string;
  /** Multiplies each route's timeout (tests: their twins share two cores). */
  timeoutScale?: number;
}): ApiGateway {
  const faults = createGatewayFaults();
  const loadHandler = async (apiRoute: ApiRoute | null): Promise<HttpHandler> =>
    (await options.functions.loadHandler(apiRoute?.entry ?? 'common/not-found.handler.ts')).handler as HttpHandler;
  const originHeaders = (req: IncomingMessage) => ({
    // What CloudFront adds: the viewer's real address and the shared origin secret.
    [viewerAddressHeader]: `${req.socket.remoteAddress ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`,
    [originVerifyHeader]: options.originSecret,
  });
  return {
    pathPrefix: '/api/',
    async serve(req, res) {
      await serveApi(req, res, {
        loadHandler,
        originHeaders,
        faults,
        ...(options.timeoutScale ? { timeoutScale: options.timeoutScale } : {}),
      });
      return undefined;
    },
    faults,
    stop: nothingToStop,
  };
}
