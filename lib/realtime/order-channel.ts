// The `orders` namespace's onSubscribe handler (APPSYNC_JS), kept as source so the twin's AppSync
// emulator and the tests can run the same check. A buyer may follow exactly one order channel,
// `/orders/<uuid>`; wildcards (`/orders/*`) would let anyone watch every order.
// APPSYNC_JS has no regular expressions, `++`, `try` or `throw`, hence the plain loops below.
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
