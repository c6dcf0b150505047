// `npm run order -- --website https://example.com --email you@example.com [--style ugc]
//  [--duration 8] [--coupon LAUNCH50] [--photo product.jpg] [--card 4242424242424242]
//  [--url http://localhost:3000]`
// Creates an order on a running twin (at --url, else REELFIVE_URL, else http://localhost:$PORT,
// PORT defaulting to 3000 as for npm start), uploads the product photo first when given, pays it
// on the local Checkout page, and follows it to the end, printing every change of status, stage
// and progress, then the download link.
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { routePath } from '#shared/api-paths.ts';
import { type CreateUploadResponse, type UploadContentType, uploadExtensions } from '#shared/contract.ts';

const { values } = parseArgs({
  options: {
    website: { type: 'string' },
    email: { type: 'string' },
    style: { type: 'string', default: 'cinematic' },
    duration: { type: 'string', default: '12' },
    coupon: { type: 'string' },
    photo: { type: 'string' },
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

/** The photo as the order form uploads it: a presigned PUT, then the order names the stored key. */
async function uploadPhoto(path: string): Promise<{ imageFileName: string; imageStoragePath: string }> {
  const extension = extname(path).slice(1).toLowerCase().replace('jpeg', 'jpg');
  const contentType = (Object.keys(uploadExtensions) as UploadContentType[]).find(
    (type) => uploadExtensions[type] === extension,
  );
  if (!contentType) fail(`--photo must be a .jpg, .jpeg, .png or .webp file, not ${path}`);
  const bytes = await readFile(path).catch(() => fail(`Cannot read --photo ${path}`));
  const fileName = basename(path);
  const created = await fetch(`${base}${routePath('CreateUpload')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileName, contentType, size: bytes.length }),
  }).catch(() => fail(`No twin answers at ${base}; start one with npm start (or pass --url / PORT).`));
  const upload = (await created.json()) as Partial<CreateUploadResponse> & { error?: string };
  if (!upload.uploadUrl || !upload.storagePath) fail(`Upload refused (${created.status}): ${upload.error}`);
  const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers ?? {}, body: bytes });
  if (!put.ok) fail(`Photo upload failed (HTTP ${put.status})`);
  console.log(`Photo ${fileName} uploaded as ${upload.storagePath}`);
  return { imageFileName: fileName, imageStoragePath: upload.storagePath };
}

const photo = values.photo ? await uploadPhoto(values.photo) : null;

const created = await fetch(`${base}/api/orders`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    website: values.website,
    email: values.email,
    style: values.style,
    durationSeconds: values.duration,
    couponCode: values.coupon ?? null,
    imageFileName: photo?.imageFileName ?? null,
    imageStoragePath: photo?.imageStoragePath ?? null,
  }),
}).catch(() => fail(`No twin answers at ${base}; start one with npm start (or pass --url / PORT).`));
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
