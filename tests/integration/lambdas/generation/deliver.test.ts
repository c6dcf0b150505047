// Delivery on the twin: the Deliver step checks the render's MP4 + poster in the videos bucket,
// records them on the order and mails the buyer once; the order read then hands out presigned
// links (inline, download, poster) until the video is gone. Real DynamoDB Local, s3rver and the
// SES outbox; the order is created through the API and moved along by the order lifecycle.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as deliverHandler } from '#generation/deliver.handler.ts';
import { type GenerationState, renderKeys } from '#generation/generation-state.ts';
import { handler as markCompletedHandler } from '#generation/mark-completed.handler.ts';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { lambdaContext } from '#local/lambda/context.ts';
import { decodeMessage } from '#local/ses/outbox.ts';
import { sendOrderEmail } from '#notifications/order-emails.ts';
import { markOrderPaid, markOrderProcessing, recordExecution, reportOrderStage } from '#orders/order-lifecycle.ts';
import { getOrder } from '#orders/order-store.ts';
import { videoLinks } from '#orders/video-links.ts';
import { type OrderView, shortOrderId } from '#shared/contract.ts';
import { deliverySeconds, typicalDeliveryWords } from '#shared/delivery-time.ts';
import { envNames } from '#shared/runtime-env.ts';
import { flakySesForSuite } from '../../support/flaky-ses.ts';
import { ordersOfEmail, storedOrder } from '../../support/orders-table.ts';
import { callApi, orderRequest, twinForSuite, uniqueEmail } from '../../support/twin.ts';

// Resolved before the twin starts: the twin copies every function's environment into
// process.env, including the render function's Lambda-only FFMPEG_PATH.
const ffmpegBinary = ffmpegPath();
const twin = twinForSuite();
// The steps as the state machine's tasks call them: with a Lambda context.
const deliver = (state: GenerationState) => deliverHandler(state, lambdaContext('Deliver', 60));
const markCompleted = (state: GenerationState) => markCompletedHandler(state, lambdaContext('MarkCompleted', 30));
let workDir = '';
let video: Buffer;
let poster: Buffer;
let bucketClient: S3Client;

/** SES with bad moments, so the mailer's retries meet a real HTTP failure. */
const flakySes = flakySesForSuite(twin);

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'delivery-test-'));
  const ffmpeg = (args: string[]) => promisify(execFile)(ffmpegBinary, ['-v', 'error', '-y', ...args]);
  const videoFile = join(workDir, 'ad.mp4');
  const posterFile = join(workDir, 'poster.jpg');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=720x1280:rate=25:duration=1'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', videoFile],
  ]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=720x1280', '-frames:v', '1', posterFile]);
  [video, poster] = await Promise.all([readFile(videoFile), readFile(posterFile)]);
  bucketClient = new S3Client({
    endpoint: twin.current.endpoints.s3,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  bucketClient?.destroy();
  await rm(workDir, { recursive: true, force: true });
});

const videosBucket = () => twin.current.env[envNames.videosBucket] ?? '';

/** A real order, created through the API and paid, in the state the state machine leaves it before Deliver. */
async function processingOrder(amountCents = 500): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('delivery');
  const created = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email, durationSeconds: '4' }));
  expect(created.status).toBe(200);
  const [row] = await ordersOfEmail(twin.current, email);
  const id = row?.id ?? '';
  await markOrderPaid(id, { paymentStatus: amountCents ? 'paid' : 'free', amountCents, currency: 'usd' });
  // This suite plays the state machine's part; an execution on record keeps GET /api/orders from starting one.
  await recordExecution(id, `arn:aws:states:us-east-1:000000000000:execution:delivery-test:${id}`);
  await markOrderProcessing(id);
  await reportOrderStage(id, 'rendering', 90);
  return { id, email };
}

async function putRender(id: string, files: { video?: Buffer; poster?: Buffer } = { video, poster }) {
  const keys = renderKeys(id);
  const put = (Key: string, Body: Buffer, ContentType: string) =>
    bucketClient.send(new PutObjectCommand({ Bucket: videosBucket(), Key, Body, ContentType }));
  if (files.video) await put(keys.video, files.video, 'video/mp4');
  if (files.poster) await put(keys.poster, files.poster, 'image/jpeg');
}

function deliverState(id: string): GenerationState {
  const keys = renderKeys(id);
  return {
    orderId: id,
    rendered: { item: { format: 'vertical-720' }, videoKey: keys.video, posterKey: keys.poster, bytes: video.length },
  };
}

const readOrder = async (id: string) => (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;

async function mailTo(email: string) {
  const messages = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
  return Promise.all(
    messages.map(async (message) => {
      const raw = await twin.current.outbox.readMessage(message.id);
      return { ...message, raw, ...decodeMessage(raw) };
    }),
  );
}

describe('the Deliver step', () => {
  it('records the video and poster on the order and moves it to delivering at 95 %', async () => {
    // Prepare
    const { id } = await processingOrder();
    await putRender(id);
    const state = deliverState(id);

    // Act
    const result = await deliver(state);

    // Assess
    expect(result).toEqual(state);
    expect(await storedOrder(twin.current, id)).toMatchObject({
      order_status: 'processing',
      stage: 'delivering',
      progress: 95,
      video_key: renderKeys(id).video,
      poster_key: renderKeys(id).poster,
    });
  });

  it('mails the buyer one ready email with the poster inline and the order page link, even when run twice', async () => {
    // Prepare
    const { id, email } = await processingOrder();
    await putRender(id);

    // Act
    await deliver(deliverState(id));
    await deliver(deliverState(id));

    // Assess
    const mail = await mailTo(email);
    expect(mail.map((message) => message.subject)).toEqual([`Your ReelFive ad is ready (${shortOrderId(id)})`]);
    const [ready] = mail;
    const orderPage = `${twin.current.url}/success?order_id=${id}`;
    expect(ready?.from).toBe(`ReelFive <${twin.current.env[envNames.mailFrom]}>`);
    expect(ready?.headers['reply-to']).toBe('support@reelfive.com');
    expect(ready?.text).toContain(orderPage);
    expect(ready?.html).toContain(`href="${orderPage}"`);
    const inline = ready?.attachments.find((attachment) => attachment.inline);
    expect(inline).toMatchObject({ contentType: 'image/jpeg', contentId: 'poster@reelfive' });
    expect(inline?.content.equals(poster)).toBe(true);
    expect(ready?.html).toContain('src="cid:poster@reelfive"');
    const imageSources = [...(ready?.html ?? '').matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)].map((match) => match[1]);
    expect(imageSources).toEqual(['cid:poster@reelfive']);
    expect(ready?.raw).not.toMatch(/X-Amz-Signature|X-Amz-Credential/i);
    expect(ready?.raw).not.toContain(twin.current.endpoints.s3);
    expect((await storedOrder(twin.current, id)) as unknown).toMatchObject({ emails_sent: new Set(['ready']) });
  });

  it('fails with DeliveryFailed when the render left no video', async () => {
    // Prepare
    const { id } = await processingOrder();
    await putRender(id, { poster });

    // Act
    const error = await deliver(deliverState(id)).catch((caught: unknown) => caught);

    // Assess
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('DeliveryFailed');
    expect((error as Error).message).toContain('missing');
    expect((await storedOrder(twin.current, id))?.video_key).toBeUndefined();
  });

  it('fails with DeliveryFailed when the video is over 8 MB', async () => {
    // Prepare
    const { id, email } = await processingOrder();
    await putRender(id, { video: Buffer.alloc(8 * 1024 * 1024 + 1, 1), poster });

    // Act
    const error = await deliver(deliverState(id)).catch((caught: unknown) => caught);

    // Assess
    expect((error as Error).name).toBe('DeliveryFailed');
    expect((error as Error).message).toContain('over the');
    expect(await mailTo(email)).toEqual([]);
  });

  it('fails with DeliveryFailed when the state carries no render keys', async () => {
    // Prepare
    const { id } = await processingOrder();

    // Act
    const error = await deliver({ orderId: id }).catch((caught: unknown) => caught);

    // Assess
    expect((error as Error).name).toBe('DeliveryFailed');
  });
});

describe('the completed order read', () => {
  async function completedOrder() {
    const order = await processingOrder();
    await putRender(order.id);
    await deliver(deliverState(order.id));
    await markCompleted(deliverState(order.id));
    return order;
  }

  it('hands out presigned video, download and poster links with their expiry', async () => {
    // Prepare
    const { id } = await completedOrder();
    const before = Date.now();

    // Act
    const order = await readOrder(id);

    // Assess
    expect(order).toMatchObject({ order_status: 'completed', stage: 'done', progress: 100 });
    expect(order.video_url).toMatch(/X-Amz-Signature=/);
    expect(order.download_url).toMatch(/response-content-disposition=/);
    expect(order.poster_url).toMatch(/X-Amz-Signature=/);
    expect(new URL(order.video_url ?? '').searchParams.get('response-content-type')).toBe('video/mp4');
    expect(new URL(order.download_url ?? '').searchParams.get('response-content-type')).toBe('video/mp4');
    expect(new URL(order.poster_url ?? '').searchParams.get('response-content-type')).toBe('image/jpeg');
    expect(order.video_expired).toBeUndefined();
    const expiresIn = Date.parse(order.expires_at ?? '') - before;
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(order).not.toHaveProperty('video_key');
    expect(order).not.toHaveProperty('emails_sent');
  });

  it('hands out the same links for a minute after signing them, then fresh ones', async () => {
    // Prepare
    const { id } = await completedOrder();
    const keys = renderKeys(id);
    const record = {
      id,
      duration_seconds: 8,
      order_status: 'completed',
      video_key: keys.video,
      poster_key: keys.poster,
    } as const;
    const signedAt = new Date();

    // Act
    const first = await videoLinks(record, signedAt);
    const withinAMinute = await videoLinks(record, new Date(signedAt.getTime() + 59_000));
    const afterAMinute = await videoLinks(record, new Date(signedAt.getTime() + 61_000));

    // Assess
    expect(withinAMinute).toEqual(first);
    expect(afterAMinute.video_url).not.toBe(first.video_url);
    expect(Date.parse(afterAMinute.expires_at ?? '') - Date.parse(first.expires_at ?? '')).toBe(61_000);
  });

  it('downloads the MP4 as an attachment named after the order', async () => {
    // Prepare
    const { id } = await completedOrder();
    const order = await readOrder(id);

    // Act
    const response = await fetch(order.download_url ?? '');

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="reelfive-ad-${id.slice(0, 8)}.mp4"`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it('answers a range request on the player link with 206 and exactly those bytes', async () => {
    // Prepare
    const { id } = await completedOrder();
    const order = await readOrder(id);

    // Act
    const response = await fetch(order.video_url ?? '', { headers: { range: 'bytes=0-99' } });

    // Assess
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
  });

  it('serves the poster as a JPEG', async () => {
    // Prepare
    const { id } = await completedOrder();
    const order = await readOrder(id);

    // Act
    const response = await fetch(order.poster_url ?? '');

    // Assess
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).equals(poster)).toBe(true);
  });

  it('says video_expired and gives no links once the video is gone', async () => {
    // Prepare
    const { id } = await completedOrder();
    await bucketClient.send(new DeleteObjectCommand({ Bucket: videosBucket(), Key: renderKeys(id).video }));

    // Act
    const order = await readOrder(id);

    // Assess
    expect(order.order_status).toBe('completed');
    expect(order.video_expired).toBe(true);
    for (const field of ['video_url', 'download_url', 'poster_url', 'expires_at']) {
      expect(order).not.toHaveProperty(field);
    }
  });

  it('gives no links while the order is still processing', async () => {
    // Prepare
    const { id } = await processingOrder();
    await putRender(id);
    await deliver(deliverState(id));

    // Act
    const order = await readOrder(id);

    // Assess
    expect(order.stage).toBe('delivering');
    expect(order).not.toHaveProperty('video_url');
    expect(order).not.toHaveProperty('video_expired');
  });
});

describe('sendOrderEmail', () => {
  it('sends the received email with the amount charged', async () => {
    // Prepare
    const { id, email } = await processingOrder(250);
    const order = await getOrder(id);

    // Act
    const sent = await sendOrderEmail('received', order as NonNullable<typeof order>);

    // Assess
    expect(sent).toBe(true);
    const [received] = await mailTo(email);
    expect(received?.subject).toBe(`Your ReelFive order is confirmed (${id.slice(0, 8)}...)`);
    expect(received?.text).toContain('Charged: $2.50');
    // The stage's delivery time, as the stack gives it to every function that sends mail.
    expect(twin.current.env[envNames.deliverySeconds]).toBe(String(deliverySeconds()));
    expect(received?.text).toContain(`It usually takes ${typicalDeliveryWords(deliverySeconds())}.`);
  });

  it("says the delivery time DELIVERY_SECONDS gives, such as a footage stage's", async () => {
    // Prepare
    const { id, email } = await processingOrder();
    const order = (await getOrder(id)) as NonNullable<Awaited<ReturnType<typeof getOrder>>>;
    const stageSeconds = process.env[envNames.deliverySeconds];
    process.env[envNames.deliverySeconds] = String(deliverySeconds('fal-ai/minimax/hailuo-02/standard/image-to-video'));

    // Act
    try {
      await sendOrderEmail('received', order);
    } finally {
      process.env[envNames.deliverySeconds] = stageSeconds;
    }

    // Assess
    const [received] = await mailTo(email);
    expect(received?.text).toContain('It usually takes about 3 minutes.');
  });

  it('answers false without throwing when mail cannot be sent, and sends on a later call', async () => {
    // Prepare
    const { id, email } = await processingOrder();
    const order = (await getOrder(id)) as NonNullable<Awaited<ReturnType<typeof getOrder>>>;
    const mailFrom = process.env[envNames.mailFrom];
    delete process.env[envNames.mailFrom];

    // Act
    let firstTry: boolean;
    try {
      firstTry = await sendOrderEmail('failed', order);
    } finally {
      process.env[envNames.mailFrom] = mailFrom;
    }
    const afterNothingSent = await storedOrder(twin.current, id);
    const secondTry = await sendOrderEmail('failed', order);

    // Assess
    expect(firstTry).toBe(false);
    expect((afterNothingSent as { emails_sent?: Set<string> })?.emails_sent?.has('failed') ?? false).toBe(false);
    expect(secondTry).toBe(true);
    expect((await mailTo(email)).map((message) => message.subject)).toEqual(['We could not make your ReelFive ad']);
  });

  it('sends one email when two callers race for the same order and kind', async () => {
    // Prepare
    const { id, email } = await processingOrder();
    const order = (await getOrder(id)) as NonNullable<Awaited<ReturnType<typeof getOrder>>>;

    // Act
    const results = await Promise.all([sendOrderEmail('received', order), sendOrderEmail('received', order)]);

    // Assess
    expect(results).toEqual([true, true]);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('retries SES failures and sends once SES answers again', async () => {
    // Prepare
    const { id, email } = await processingOrder();
    const order = (await getOrder(id)) as NonNullable<Awaited<ReturnType<typeof getOrder>>>;
    flakySes.failures = 2;
    flakySes.requests = 0;

    // Act
    const sent = await sendOrderEmail('received', order);

    // Assess
    expect(sent).toBe(true);
    expect(flakySes.requests).toBe(3);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('gives up after three attempts, answers false and leaves the email unclaimed', async () => {
    // Prepare
    const { id, email } = await processingOrder();
    const order = (await getOrder(id)) as NonNullable<Awaited<ReturnType<typeof getOrder>>>;
    flakySes.failures = 10;
    flakySes.requests = 0;

    // Act
    const sent = await sendOrderEmail('received', order);
    flakySes.failures = 0;

    // Assess
    expect(sent).toBe(false);
    expect(flakySes.requests).toBe(3);
    expect(await mailTo(email)).toEqual([]);
    expect((await storedOrder(twin.current, id)) as unknown).not.toHaveProperty('emails_sent');
  });
});
