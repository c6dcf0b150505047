// `npm run order -- --website https://example.com --email you@example.com [--style ugc]
//  [--duration 8] [--coupon LAUNCH50] [--card 4242424242424242] [--url http://localhost:3000]`
// Creates an order on a running twin, pays it on the local Checkout page, and follows it to the
// end, printing every change of status, stage and progress, then the download link.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    website: { type: 'string' },
    email: { type: 'string' },
    style: { type: 'string', default: 'cinematic' },
    duration: { type: 'string', default: '12' },
    coupon: { type: 'string' },
    card: { type: 'string', default: '4242424242424242' },
    url: { type: 'string', default: process.env.REELFIVE_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
    timeout: { type: 'string', default: '600' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!values.website || !values.email) fail('Usage: npm run order -- --website <url> --email <address> [--style …]');
const base = values.url;

const created = await fetch(`${base}/api/orders`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    website: values.website,
    email: values.email,
    style: values.style,
    durationSeconds: values.duration,
    couponCode: values.coupon ?? null,
  }),
}).catch(() => fail(`No twin answers at ${base}; start one with npm start.`));
const answer = (await created.json()) as { url?: string; error?: string; errorCode?: string };
if (!answer.url) fail(`Order refused (${created.status} ${answer.errorCode}): ${answer.error}`);
console.log(`Checkout: ${answer.url}`);

const paid = await fetch(answer.url, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ card_number: values.card }),
  redirect: 'manual',
});
const location = paid.headers.get('location');
const orderId = location ? new URL(location, base).searchParams.get('order_id') : null;
if (!orderId) fail(`Payment did not complete (HTTP ${paid.status}); real Stripe needs the browser.`);
console.log(`Order ${orderId} paid; following it (Ctrl+C stops following, not the order).`);

const began = Date.now();
let last = '';
while (Date.now() - began < Number(values.timeout) * 1000) {
  const order = (await (await fetch(`${base}/api/orders/${orderId}`)).json()) as Record<string, string | number>;
  const line = `${order.order_status} · ${order.stage} · ${order.progress}%`;
  if (line !== last) console.log(`${((Date.now() - began) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  last = line;
  if (order.order_status === 'completed') {
    console.log(`\nDone. Order page: ${base}/success?order_id=${orderId}\nDownload:   ${order.download_url}`);
    process.exit(0);
  }
  if (order.order_status === 'failed') {
    console.log(`\nFailed; payment ${order.payment_status}. See ${base}/_local/executions/${orderId}`);
    process.exit(2);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
fail('Still not finished; see /_local/executions.');
