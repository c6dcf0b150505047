// AppSync Events' channel rules for the twin: channel paths and namespaces, who may subscribe, a
// namespace's onSubscribe handler run in a sandbox, and the shape of a publish request.
import vm from 'node:vm';
import type { EventsAuthMode } from '#shared/order-channel.ts';

export interface ErrorDetail {
  errorType: string;
  message: string;
}

export interface Namespace {
  name: string;
  subscribeAuthModes: readonly EventsAuthMode[];
  publishAuthModes: readonly EventsAuthMode[];
  onSubscribe: (channel: string) => ErrorDetail | null;
}

const maxEventsPerPublish = 5;

export const notAuthorized: ErrorDetail = {
  errorType: 'UnauthorizedException',
  message: 'You are not authorized to make this call.',
};

const invalidChannel: ErrorDetail = { errorType: 'BadRequestException', message: 'Invalid Channel Format' };

export function unknownNamespace(channel: string): ErrorDetail {
  return { errorType: 'BadRequestException', message: `Channel namespace ${namespaceOf(channel)} not found` };
}

/**
 * Why AppSync refuses a subscription to `channel`, or null when it is allowed: the path, the
 * namespace, its subscribe auth modes (the twin's browsers hold an API key), its onSubscribe.
 */
export function subscribeRefusal(
  namespaces: ReadonlyMap<string, Namespace>,
  channel: unknown,
  hasApiKey: () => boolean,
): ErrorDetail | null {
  if (typeof channel !== 'string' || !isChannelPath(channel, { wildcard: true })) return invalidChannel;
  const namespace = namespaces.get(namespaceOf(channel));
  if (!namespace) return unknownNamespace(channel);
  if (!(namespace.subscribeAuthModes.includes('API_KEY') && hasApiKey())) return notAuthorized;
  return namespace.onSubscribe(channel);
}

/**
 * Stops a handler that loops. It is wall-clock time, and a busy 2-core machine can stall even the
 * loading of a trivial handler for a second or more, which AppSync itself never would.
 */
const sandboxTimeoutMs = 5_000;

/**
 * Runs a namespace's APPSYNC_JS onSubscribe handler in a node:vm sandbox with the part of
 * `@aws-appsync/utils` such handlers use. Returns, for a channel path, the error AppSync would
 * answer, or null when the subscription is allowed.
 */
export function loadOnSubscribe(code: string): (channel: string) => ErrorDetail | null {
  const source = code
    .replace(/^import\s*\{[^}]*\}\s*from\s*'@aws-appsync\/utils';?\s*$/m, '')
    .replace(/^export\s+function\s+/gm, 'function ');
  if (/^\s*(import|export)\s/m.test(source)) throw new Error('Channel handler uses module syntax the sandbox lacks');
  const context = vm.createContext({ util: appSyncUtil });
  new vm.Script(source, { filename: 'channel-handler.js' }).runInContext(context, { timeout: sandboxTimeoutMs });
  if (typeof context.onSubscribe !== 'function') return () => null;
  // Compiled once; each call passes the context as JSON, so no host object reaches the handler.
  const invoke = new vm.Script('onSubscribe(JSON.parse(subscribeContext))', { filename: 'on-subscribe.js' });

  return (channel) => {
    const segments = channel.split('/').filter(Boolean);
    const ctx = {
      info: {
        channel: { path: channel, segments },
        channelNamespace: { name: segments[0] ?? '' },
        operation: 'SUBSCRIBE',
      },
      identity: null,
      request: { headers: {}, domainName: null },
      stash: {},
    };
    try {
      context.subscribeContext = JSON.stringify(ctx);
      invoke.runInContext(context, { timeout: sandboxTimeoutMs });
      return null;
    } catch (error) {
      if (error instanceof HandlerRejection) return { errorType: error.errorType, message: error.message };
      return { errorType: 'InternalFailureException', message: `onSubscribe failed: ${String(error)}` };
    }
  };
}

class HandlerRejection extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/** `util.unauthorized()` and `util.error()` end the handler, as they do in APPSYNC_JS. */
const appSyncUtil = Object.freeze({
  unauthorized(): never {
    throw new HandlerRejection(notAuthorized.errorType, notAuthorized.message);
  },
  error(message: string, errorType?: string): never {
    throw new HandlerRejection(errorType ?? 'CustomError', message);
  },
});

const channelSegment = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,48}[A-Za-z0-9])?$/;

/** `/<namespace>[/<segment>]…`, up to five segments; `*` only as the last one, and only to subscribe. */
function isChannelPath(channel: string, { wildcard }: { wildcard: boolean }): boolean {
  if (!channel.startsWith('/')) return false;
  const segments = channel.slice(1).split('/');
  if (segments.length > 5) return false;
  return segments.every(
    (segment, index) =>
      channelSegment.test(segment) || (wildcard && index > 0 && index === segments.length - 1 && segment === '*'),
  );
}

export function channelMatches(subscribed: string, published: string): boolean {
  if (subscribed === published) return true;
  return subscribed.endsWith('/*') && published.startsWith(subscribed.slice(0, -1));
}

export function namespaceOf(channel: string): string {
  return channel.split('/')[1] ?? '';
}

/** A publish request's channel and events (1 to 5 strings of JSON), or why AppSync refuses it. */
export function parsePublish(body: string): { channel: string; events: string[] } | ErrorDetail {
  const request = parseJson(body);
  const channel = request?.channel;
  const events = request?.events;
  if (typeof channel !== 'string' || !isChannelPath(channel, { wildcard: false })) return invalidChannel;
  if (!Array.isArray(events) || events.length === 0 || events.length > maxEventsPerPublish) {
    return { errorType: 'BadRequestException', message: `Publish 1 to ${maxEventsPerPublish} events at a time` };
  }
  if (!events.every((event) => typeof event === 'string' && parseJson(event) !== undefined)) {
    return { errorType: 'BadRequestException', message: 'Every event must be a string of valid JSON' };
  }
  return { channel, events };
}

// biome-ignore lint/suspicious/noExplicitAny: a message is free-form JSON until checked field by field
export function parseJson(text: string): Record<string, any> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
