// `npm run order -- …`: creates an order on a running twin, uploads the product photo first when
// given (as the form does), pays it on the local Checkout page and follows it to the end, printing
// every change of status, stage and progress, then the download link. `--demo coffee` orders an ad
// for one of the demo shops npm start serves (local/demo-shops), with no internet needed.
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { demoShopUrl } from '#local/demo-shops/serve.ts';
import { buyerPhotoPath, type DemoShop, demoShops } from '#local/demo-shops/shops.ts';
import { routePath } from '#shared/api-paths.ts';
import { type CreateUploadResponse, type UploadContentType, uploadExtensions } from '#shared/contract.ts';

const defaultUrl = process.env.REELFIVE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const usage = `Usage: npm run order -- (--website <url> | --demo <shop>) [options]
  --website <url>     the buyer's website
  --demo <shop>       a demo shop npm start serves instead: ${demoShops.map((shop) => shop.slug).join(', ')}
                      (a word of it will do: --demo coffee); one that cannot be read brings its photo
  --email <address>   where the ad is sent (default with --demo: demo@example.com)
  --style <style>     cinematic (default), direct-response or ugc
  --duration <s>      4, 8 or 12 (default 12)
  --coupon <code>     a coupon, e.g. LAUNCH50 or FREEAD on the twin
  --photo <file>      a product photo (.jpg, .jpeg, .png or .webp) to upload first
  --card <number>     the card paid with (default 4242424242424242; 4000000000000002 is declined)
  --url <url>         the twin (default ${defaultUrl}: REELFIVE_URL, else localhost:$PORT)
  --timeout <s>       how long to follow the order (default 600)
  --help              this text`;

function fail(message: string, exitCode = 1): never {
  console.error(message);
  process.exit(exitCode);
}

function parseOrderArgs() {
  return parseArgs({
    options: {
      website: { type: 'string' },
      demo: { type: 'string' },
      email: { type: 'string' },
      style: { type: 'string', default: 'cinematic' },
      duration: { type: 'string', default: '12' },
      coupon: { type: 'string' },
      photo: { type: 'string' },
      card: { type: 'string', default: '4242424242424242' },
      url: { type: 'string', default: defaultUrl },
      timeout: { type: 'string', default: '600' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
}

let values: ReturnType<typeof parseOrderArgs>;
try {
  values = parseOrderArgs();
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`, 2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

/** The demo shop a word names: its slug, or the one shop whose slug holds the word. */
function demoShopNamed(word: string): DemoShop {
  const wanted = word.toLowerCase();
  const exact = demoShops.find((shop) => shop.slug === wanted);
  const matching = exact ? [exact] : demoShops.filter((shop) => shop.slug.split('-').includes(wanted));
  if (matching.length !== 1) {
    fail(
      `--demo ${word} names ${matching.length ? 'more than one' : 'no'} demo shop; one of: ${demoShops.map((shop) => shop.slug).join(', ')}`,
      2,
    );
  }
  return matching[0]!;
}

const demo = values.demo ? demoShopNamed(values.demo) : null;
const website = demo ? demoShopUrl(demo) : values.website;
const email = values.email ?? (demo ? 'demo@example.com' : undefined);
const photoPath = values.photo ?? (demo ? buyerPhotoPath(demo) : null);
if (!website || !email) fail(usage, 2);
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

const photo = photoPath ? await uploadPhoto(photoPath) : null;

const created = await fetch(`${base}/api/orders`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    website,
    email,
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
