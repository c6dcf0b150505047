// AppSync Events' HTTP publish endpoint for the twin (POST /event): CORS as AppSync answers it,
// the publisher authenticated, the request checked, and its events handed on for delivery.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readText, sendJson } from '#local/support/http.ts';
import { type ApiKeyCheck, authenticatePublisher, type IamSigner } from './auth.ts';
import {
  type ErrorDetail,
  type Namespace,
  namespaceOf,
  notAuthorized,
  parsePublish,
  unknownNamespace,
} from './channels.ts';

/** AppSync's limit on one publish request. */
const maxBodyBytes = 240 * 1024;

export interface PublishEndpointOptions {
  namespaces: ReadonlyMap<string, Namespace>;
  hasKey: ApiKeyCheck;
  iam: IamSigner;
  /** Sends the events to the matching subscriptions; answers the publish's `successful` list. */
  deliver: (channel: string, events: string[]) => { identifier: string; index: number }[];
  log: (line: string) => void;
}

export function publishEndpoint(options: PublishEndpointOptions) {
  const { namespaces, log } = options;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Browsers may publish with fetch (events.post), so the endpoint answers CORS as AppSync does.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    const path = new URL(req.url ?? '/', 'http://events').pathname;
    if (path !== '/event') return sendErrors(res, 404, { errorType: 'NotFoundException', message: 'Not found' });
    if (req.method !== 'POST') return sendErrors(res, 405, { errorType: 'BadRequestException', message: 'Use POST' });
    const body = await readText(req, maxBodyBytes);
    if (body === null) return sendErrors(res, 413, { errorType: 'BadRequestException', message: 'Request too large' });

    const caller = await authenticatePublisher(req, body, options);
    if ('refusal' in caller) {
      log(`appsync-events: publish refused: ${caller.refusal}`);
      return sendErrors(res, 401, { errorType: 'UnauthorizedException', message: caller.refusal });
    }

    const request = parsePublish(body);
    if ('errorType' in request) return sendErrors(res, 400, request);
    const namespace = namespaces.get(namespaceOf(request.channel));
    if (!namespace) return sendErrors(res, 400, unknownNamespace(request.channel));
    // The key may be valid for the API, yet this namespace only takes IAM publishers.
    if (!namespace.publishAuthModes.includes(caller.authMode)) return sendErrors(res, 401, notAuthorized);
    sendJson(res, 200, { successful: options.deliver(request.channel, request.events), failed: [] });
  };
}

/** AppSync's error answer: `{"errors": [{errorType, message}]}`. */
export function sendErrors(res: ServerResponse, status: number, ...details: ErrorDetail[]): void {
  sendJson(res, status, { errors: details });
}
