// The `orders` namespace: who may subscribe and publish, and its onSubscribe handler (APPSYNC_JS),
// kept as data and source so the CDK construct, the twin's AppSync emulator and the tests share them.
// A buyer may follow exactly one order channel, `/orders/<uuid>`; wildcards (`/orders/*`) would let
// anyone watch every order.
// APPSYNC_JS has no regular expressions, `++`, `try` or `throw`, hence the plain loops below.

/** AppSync auth mode names, as CloudFormation and `AppSyncAuthorizationType` spell them. */
export type EventsAuthMode = 'API_KEY' | 'AWS_IAM';

export const ordersNamespace = {
  name: 'orders',
  /** Browsers subscribe with the public API key. */
  subscribeAuthModes: ['API_KEY'],
  /** Only IAM principals (the stream publisher) publish, so a browser cannot fake a status. */
  publishAuthModes: ['AWS_IAM'],
} as const satisfies {
  name: string;
  subscribeAuthModes: readonly EventsAuthMode[];
  publishAuthModes: readonly EventsAuthMode[];
};

/** The channel that carries one order's status events. */
export const orderChannel = (orderId: string) => `/${ordersNamespace.name}/${orderId}`;

export const orderChannelHandlerCode = `import { util } from '@aws-appsync/utils';

const uuidGroupLengths = [8, 4, 4, 4, 12];
const hexDigits = '0123456789abcdef';

function isOrderId(value) {
  const groups = value.split('-');
  if (groups.length !== uuidGroupLengths.length) return false;
  return groups.every(
    (group, index) =>
      group.length === uuidGroupLengths[index] && group.split('').every((char) => hexDigits.includes(char)),
  );
}

export function onSubscribe(ctx) {
  const channel = ctx.info.channel;
  const segments = channel.segments;
  if (
    channel.path.includes('*') ||
    segments.length !== 2 ||
    segments[0] !== 'orders' ||
    !isOrderId(segments[1])
  ) {
    util.unauthorized();
  }
}
`;
