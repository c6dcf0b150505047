// AppSync Events' real-time WebSocket protocol for the twin: the handshake (the API key in the
// header subprotocol), subscribe, unsubscribe and publish messages, keep-alives, and delivery of
// published events to every matching subscription.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ApiKeyCheck } from './auth.ts';
import {
  channelMatches,
  type Namespace,
  namespaceOf,
  notAuthorized,
  parseJson,
  parsePublish,
  subscribeRefusal,
} from './channels.ts';

const subprotocol = 'aws-appsync-event-ws';
const connectionTimeoutMs = 300_000;

export interface EventSocketsOptions {
  namespaces: ReadonlyMap<string, Namespace>;
  hasKey: ApiKeyCheck;
  /** AWS sends `ka` about once a minute. */
  keepAliveMs: number;
  log: (line: string) => void;
  /** Per-event lines: a busy twin delivers dozens a minute. */
  debug: (line: string) => void;
}

export interface EventSockets {
  /** The HTTP server's `upgrade` listener. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sends published events to every matching subscription; the publish answer's `successful` list. */
  deliver(channel: string, events: string[]): { identifier: string; index: number }[];
  /** Ends every connection. */
  close(): Promise<void>;
}

export function eventSockets(options: EventSocketsOptions): EventSockets {
  const { namespaces, hasKey, log, debug } = options;
  /** socket → subscription id → subscribed channel (possibly a wildcard the handler let through). */
  const subscriptions = new Map<WebSocket, Map<string, string>>();
  const sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(subprotocol) ? subprotocol : false),
  });

  const deliver = (channel: string, events: string[]) => {
    let receivers = 0;
    for (const [socket, channels] of subscriptions) {
      for (const [id, subscribed] of channels) {
        if (!channelMatches(subscribed, channel)) continue;
        receivers += 1;
        for (const event of events) send(socket, { type: 'data', id, event });
      }
    }
    debug(`appsync-events: ${events.length} event(s) on ${channel} to ${receivers} subscription(s)`);
    return events.map((_, index) => ({ identifier: randomUUID(), index }));
  };

  const serveSocket = (ws: WebSocket, connectionAuth: Record<string, unknown>) => {
    const channels = new Map<string, string>();
    subscriptions.set(ws, channels);
    const keepAlive = setInterval(() => send(ws, { type: 'ka' }), options.keepAliveMs);
    ws.on('close', () => {
      clearInterval(keepAlive);
      subscriptions.delete(ws);
    });
    ws.on('message', (data) => {
      const message = parseJson(String(data));
      const type = typeof message?.type === 'string' ? message.type : '';
      const id = typeof message?.id === 'string' ? message.id : undefined;
      const authorization = isRecord(message?.authorization) ? message.authorization : connectionAuth;
      if (type === 'connection_init') {
        send(ws, { type: 'connection_ack', connectionTimeoutMs });
        send(ws, { type: 'ka' });
      } else if (type === 'subscribe' && id) {
        const refusal = subscribeRefusal(namespaces, message?.channel, () => hasKey(authorization));
        if (refusal) return send(ws, { type: 'subscribe_error', id, errors: [refusal] });
        channels.set(id, message?.channel as string);
        send(ws, { type: 'subscribe_success', id });
      } else if (type === 'unsubscribe' && id) {
        if (!channels.delete(id)) {
          const unknown = { errorType: 'BadRequestException', message: `No subscription with id ${id}` };
          return send(ws, { type: 'unsubscribe_error', id, errors: [unknown] });
        }
        send(ws, { type: 'unsubscribe_success', id });
      } else if (type === 'publish' && id) {
        // A publish over the socket carries the browser's API key; only IAM publishers are allowed
        // in our namespaces, and the twin does not verify SigV4 inside socket messages.
        const namespace = namespaces.get(namespaceOf(String(message?.channel ?? '')));
        const allowed = namespace?.publishAuthModes.includes('API_KEY') && hasKey(authorization);
        if (!allowed) return send(ws, { type: 'publish_error', id, errors: [notAuthorized] });
        const request = parsePublish(JSON.stringify({ channel: message?.channel, events: message?.events }));
        if ('errorType' in request) return send(ws, { type: 'publish_error', id, errors: [request] });
        send(ws, { type: 'publish_success', id, successful: deliver(request.channel, request.events), failed: [] });
      } else {
        const unsupported = { errorType: 'UnsupportedOperation', message: `${type || 'unknown'} not supported` };
        send(ws, { type: 'error', ...(id ? { id } : {}), errors: [unsupported] });
      }
    });
  };

  return {
    upgrade(req, socket, head) {
      const path = new URL(req.url ?? '/', 'http://events').pathname;
      const connectionAuth = headerSubprotocol(req);
      if (path !== '/event/realtime') return void socket.end(refusedHandshake('404 Not Found'));
      if (!hasKey(connectionAuth ?? undefined)) {
        // AppSync refuses the handshake itself; Amplify reports "Connection handshake error".
        log('appsync-events: WebSocket refused: no valid API key in the header subprotocol');
        return void socket.end(refusedHandshake('401 Unauthorized'));
      }
      sockets.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, connectionAuth ?? {}));
    },
    deliver,
    async close() {
      for (const ws of subscriptions.keys()) ws.terminate();
      await new Promise<void>((resolveClose) => sockets.close(() => resolveClose()));
    },
  };
}

/** The auth headers Amplify sends as the `header-<base64url JSON>` subprotocol. */
function headerSubprotocol(req: IncomingMessage): Record<string, unknown> | null {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  const encoded = offered.find((protocol) => protocol.startsWith('header-'))?.slice('header-'.length);
  if (!encoded) return null;
  const decoded = parseJson(Buffer.from(encoded, 'base64url').toString('utf8'));
  return isRecord(decoded) ? decoded : null;
}

function refusedHandshake(status: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

function send(ws: WebSocket, message: Record<string, unknown>): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
