// A WebSocket client of AppSync Events that speaks the protocol by hand (subprotocols,
// connection_init, subscribe) and keeps every message it receives, for tests of the emulator and
// of the order updates the twin publishes.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Twin } from '#local/twin.ts';
import { runtimeConfigSchema } from '#shared/runtime-config.ts';
import { envNames } from '#shared/runtime-env.ts';
import { eventually } from './twin.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol messages are free-form JSON
export type EventsMessage = Record<string, any>;
export type NextMessage = (matches: (message: EventsMessage) => boolean) => Promise<EventsMessage>;

export interface EventsEndpoint {
  /** ws://…/event/realtime */
  realtimeEndpoint: string;
  /** http://…/event: its host goes into the authorization header, as AppSync's clients do. */
  httpEndpoint: string;
  apiKey: string;
}

export async function openEventsSocket(endpoint: EventsEndpoint, key = endpoint.apiKey) {
  const header = Buffer.from(
    JSON.stringify({ host: new URL(endpoint.httpEndpoint).host, 'x-api-key': key, 'x-amz-date': '20260101T000000Z' }),
  ).toString('base64url');
  const socket = new WebSocket(endpoint.realtimeEndpoint, ['aws-appsync-event-ws', `header-${header}`]);
  const messages: EventsMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolveOpen, reject) => {
    socket.once('open', () => resolveOpen());
    socket.once('error', reject);
  });
  const next: NextMessage = (matches) => eventually(async () => messages.find(matches), 5_000);
  return { socket, messages, next };
}

/** Connects, subscribes to `channel` and returns the connection with the subscribe answer. */
export async function subscribeToChannel(endpoint: EventsEndpoint, channel: string, key = endpoint.apiKey) {
  const connection = await openEventsSocket(endpoint);
  connection.socket.send(JSON.stringify({ type: 'connection_init' }));
  await connection.next((message) => message.type === 'connection_ack');
  const id = randomUUID();
  connection.socket.send(JSON.stringify({ type: 'subscribe', id, channel, authorization: { 'x-api-key': key } }));
  const answer = await connection.next((message) => message.id === id && message.type.startsWith('subscribe_'));
  return { ...connection, id, answer };
}

/**
 * An order's live channel, subscribed as the order page does (with what the site's /config.json
 * says). `completedUpdates()` waits for the twin's publisher to drain and answers every update the
 * channel carried, up to the one that says the order completed.
 */
export async function followOrder(twin: Twin, orderId: string) {
  const { realtime } = runtimeConfigSchema.parse(await (await fetch(`${twin.url}/config.json`)).json());
  const live = await subscribeToChannel(
    {
      realtimeEndpoint: `${realtime.endpoint}/realtime`,
      httpEndpoint: twin.env[envNames.eventsHttpEndpoint] ?? '',
      apiKey: realtime.apiKey,
    },
    `/orders/${orderId}`,
  );
  return {
    answer: live.answer,
    async completedUpdates(): Promise<EventsMessage[]> {
      await twin.realtime.drain();
      const updates = await eventually(async () => {
        const received = live.messages
          .filter((message) => message.type === 'data')
          .map((message) => JSON.parse(message.event) as EventsMessage);
        return received.at(-1)?.order_status === 'completed' && received;
      });
      live.socket.close();
      return updates;
    },
  };
}
