// AppSync Events for the twin: the HTTP publish endpoint and the real-time WebSocket protocol that
// the unmodified aws-amplify client and the stream publisher speak,
// with the `orders` namespace's auth modes and its onSubscribe handler from lib/realtime, run in a
// sandbox, so the twin refuses what AWS refuses.
import { createServer } from 'node:http';
import { listen } from '#local/support/http.ts';
import { orderChannelHandlerCode, ordersNamespace } from '#shared/order-channel.ts';
import { apiKeyCheck } from './auth.ts';
import { loadOnSubscribe, type Namespace } from './channels.ts';
import { publishEndpoint, sendErrors } from './publish.ts';
import { eventSockets } from './socket.ts';

export interface AppSyncEventsOptions {
  /** The key browsers subscribe with (the twin's stand-in for the stack's `Browser` API key). */
  apiKey: string;
  /** A free port when absent. */
  port?: number;
  host?: string;
  /** What IAM publishers sign with; the twin's Lambda environment uses the same pair. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  region?: string;
  /** AWS sends `ka` about once a minute; tests may ask for it sooner. */
  keepAliveMs?: number;
  log?: (line: string) => void;
  /** A line per delivered publish (one per live event): off unless given. */
  debug?: (line: string) => void;
}

export interface LocalAppSyncEvents {
  /** `http://<host>:<port>/event`: where IAM publishers POST (the stack's `https://<httpDns>/event`). */
  httpEndpoint: string;
  /** `ws://<host>:<port>/event/realtime`: the WebSocket itself. */
  realtimeEndpoint: string;
  /**
   * What the browser's Amplify config names as `endpoint` on the twin: Amplify turns any `http://`
   * endpoint into `wss://`, which a plain-HTTP server cannot answer, but keeps `ws://` and appends
   * `/realtime`. The browser only subscribes, so it never needs the HTTP side (docs/design.md "The local twin").
   */
  amplifyEndpoint: string;
  apiKey: string;
  stop(): Promise<void>;
}

export async function startAppSyncEvents(options: AppSyncEventsOptions): Promise<LocalAppSyncEvents> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const namespaces = new Map<string, Namespace>([
    [ordersNamespace.name, { ...ordersNamespace, onSubscribe: loadOnSubscribe(orderChannelHandlerCode) }],
  ]);
  const hasKey = apiKeyCheck(options.apiKey);
  const sockets = eventSockets({
    namespaces,
    hasKey,
    keepAliveMs: options.keepAliveMs ?? 60_000,
    log,
    debug: options.debug ?? (() => undefined),
  });
  const publish = publishEndpoint({
    namespaces,
    hasKey,
    iam: {
      credentials: options.credentials ?? { accessKeyId: 'local', secretAccessKey: 'local' },
      region: options.region ?? 'us-east-1',
    },
    deliver: sockets.deliver,
    log,
  });

  const server = createServer((req, res) => {
    publish(req, res).catch((error: Error) => {
      log(`appsync-events: request failed: ${error.stack ?? error.message}`);
      if (!res.headersSent) sendErrors(res, 500, { errorType: 'InternalFailureException', message: error.message });
      else res.end();
    });
  });
  server.on('upgrade', sockets.upgrade);

  const listening = await listen(server, { host, port: options.port ?? 0 });
  const origin = `${host}:${listening.port}`;
  log(`appsync-events: listening on http://${origin}/event`);

  return {
    httpEndpoint: `http://${origin}/event`,
    realtimeEndpoint: `ws://${origin}/event/realtime`,
    amplifyEndpoint: `ws://${origin}/event`,
    apiKey: options.apiKey,
    stop: async () => {
      await sockets.close();
      await listening.close();
    },
  };
}

/**
 * A browser init script for a page whose Amplify `endpoint` is the `http://` one (so `events.post`
 * works too): Amplify then opens `wss://<local host>/event/realtime`, which this rewrites to `ws://`.
 * The twin's own pages use `amplifyEndpoint` instead and need no script.
 */
export function webSocketShimScript(hosts: readonly string[] = ['127.0.0.1', 'localhost']): string {
  const alternatives = hosts.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return `(() => {
  const NativeWebSocket = globalThis.WebSocket;
  const localTls = new RegExp(${JSON.stringify(`^wss://(${alternatives})(?=[:/]|$)`)});
  globalThis.WebSocket = class LocalWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      super(String(url).replace(localTls, 'ws://$1'), protocols);
    }
  };
})();`;
}
