// One order page's live subscription, as a bare AppSync Events client: connection_init, then a
// subscribe to /orders/<id>, then every `data` event kept. Event-driven (no polling), so a
// thousand of them cost the driver little.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export interface EventsSocket {
  /** ws://…/event/realtime */
  socketUrl: string;
  /** The Events API host that goes into the authorization header, as AppSync's clients send it. */
  host: string;
  apiKey: string;
}

/** What the orders channel carries: {id, order_status, stage, progress, updated_at}. */
export interface OrderEvent {
  order_status?: string;
  [field: string]: unknown;
}

export interface OrderSubscription {
  events: OrderEvent[];
  /** Closed by the server or the network before `close()`. */
  droppedEarly(): boolean;
  close(): void;
}

export function subscribeToOrder(
  endpoint: EventsSocket,
  orderId: string,
  timeoutMs = 30_000,
): Promise<OrderSubscription> {
  const header = Buffer.from(
    JSON.stringify({ host: endpoint.host, 'x-api-key': endpoint.apiKey, 'x-amz-date': '20260101T000000Z' }),
  ).toString('base64url');
  const socket = new WebSocket(endpoint.socketUrl, ['aws-appsync-event-ws', `header-${header}`]);
  const events: OrderEvent[] = [];
  const subscriptionId = randomUUID();
  let closing = false;
  let dropped = false;
  return new Promise((resolveSubscribed, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      socket.terminate();
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('subscribe timed out'), timeoutMs);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.on('error', (error) => fail(`socket error: ${error.message}`));
    socket.on('close', () => {
      if (!closing) dropped = true;
      fail('socket closed before subscribe_success');
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: subscriptionId,
            channel: `/orders/${orderId}`,
            authorization: { host: endpoint.host, 'x-api-key': endpoint.apiKey },
          }),
        );
      } else if (message.type === 'subscribe_success' && message.id === subscriptionId) {
        clearTimeout(timer);
        resolveSubscribed({
          events,
          droppedEarly: () => dropped,
          close() {
            closing = true;
            socket.close();
          },
        });
      } else if (message.type === 'data') {
        events.push(JSON.parse(message.event));
      } else if (
        message.type === 'subscribe_error' ||
        message.type === 'connection_error' ||
        message.type === 'error'
      ) {
        fail(`${message.type}: ${JSON.stringify(message.errors ?? message).slice(0, 120)}`);
      }
    });
  });
}
