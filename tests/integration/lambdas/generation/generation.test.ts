// A paid order becomes a real ad on the twin: the synthesized state machine runs every step
// (analyse, script, render with ffmpeg, label as made with AI, deliver, complete), and a failed render refunds the
// buyer, tells ops and frees the slot. Nothing here is mocked but the buyer's website.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '#generation/media/probe-media.ts';
import { twinRenderFunctionName } from '#local/twin.ts';
import type { OrderView } from '#shared/contract.ts';
import { writeProductPhoto } from '../../support/ad-fixtures.ts';
import { expectedAiLabel, readAiLabel } from '../../support/ai-label.ts';
import { followOrder } from '../../support/events-socket.ts';
import { plantImage, removeImage } from '../../support/images-bucket.ts';
import { mailTo as receivedMail } from '../../support/mail.ts';
import { activeSlotHolders } from '../../support/mailbox-slots.ts';
import { storedOrder } from '../../support/orders-table.ts';
import { createOrder, createPaidOrder, payForOrder } from '../../support/pay.ts';
import { adMadeWithinMs, adTestTimeoutMs, callApi, eventually, twinForSuite, uniqueEmail } from '../../support/twin.ts';
import { uploadThroughApi } from '../../support/uploads.ts';

const twin = twinForSuite({ waitScale: 0.1 });
let workDir = '';
let productPhoto: Buffer;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'generation-test-'));
  productPhoto = await readFile(await writeProductPhoto(workDir));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const readOrder = async (id: string) => (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;

async function settled(id: string): Promise<OrderView> {
  return eventually(async () => {
    const order = await readOrder(id);
    return (order.order_status === 'completed' || order.order_status === 'failed') && order;
  }, adMadeWithinMs);
}

const mailTo = (email: string) => receivedMail(twin.current, email);

/**
 * A paid order whose render cannot succeed: its upload passes the order's checks and is gone by
 * the time the render reads it, so the render reports a failure (a broken image no longer does:
 * it is dropped and the ad is made without it).
 */
async function createOrderWhoseRenderFails(overrides: Record<string, unknown>, card?: string): Promise<string> {
  const imageKey = await plantImage(twin.current, productPhoto, 'jpg');
  const checkoutUrl = await createOrder(twin.current, {
    ...overrides,
    imageStoragePath: imageKey,
    imageFileName: 'product.jpg',
  });
  await removeImage(twin.current, imageKey);
  return payForOrder(twin.current, checkoutUrl, card);
}

describe('generation on the twin', { timeout: adTestTimeoutMs }, () => {
  it.each([
    // Each with the buyer's photo: the twin cannot read example.com, and an order for a site that
    // cannot be read needs one (docs/spec-deviations.md). A readable site's ad without a photo is
    // made in preview/preview.test.ts.
    { style: 'direct-response', durationSeconds: 8 },
    { style: 'cinematic', durationSeconds: 4 },
    { style: 'ugc', durationSeconds: 12 },
  ])(
    'turns a paid $durationSeconds s $style order with a photo into a 720x1280 MP4 the buyer can download',
    async ({ style, durationSeconds }) => {
      const email = uniqueEmail('ad');
      const upload = await uploadThroughApi(twin.current, productPhoto, 'image/jpeg', 'product.jpg');
      const orderId = await createPaidOrder(twin.current, {
        email,
        style,
        durationSeconds: String(durationSeconds),
        imageStoragePath: upload.storagePath,
        imageFileName: 'product.jpg',
      });

      const live = await followOrder(twin.current, orderId);
      expect(live.answer.type).toBe('subscribe_success');

      const order = await settled(orderId);
      expect(order).toMatchObject({ order_status: 'completed', stage: 'done', progress: 100, payment_status: 'paid' });
      // Each step reached the buyer's channel as it happened, in order, with the contract's fields only.
      const updates = await live.completedUpdates();
      expect(Object.keys(updates[0] ?? {}).sort()).toEqual(['id', 'order_status', 'progress', 'stage', 'updated_at']);
      expect(updates.map((update) => update.stage)).toContain('rendering');
      const progress = updates.map((update) => update.progress as number);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(updates.at(-1)).toMatchObject({ id: orderId, stage: 'done', progress: 100 });
      const download = await fetch(order.download_url ?? '');
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="reelfive-ad-${orderId.slice(0, 8)}.mp4"`,
      );
      const file = join(workDir, `${orderId}.mp4`);
      await writeFile(file, Buffer.from(await download.arrayBuffer()));
      const media = await probeMedia(file);
      expect(media.video).toMatchObject({ width: 720, height: 1280, codec: 'h264' });
      expect(media.audio?.codec).toBe('aac');
      expect(Math.abs(media.durationSeconds - durationSeconds)).toBeLessThanOrEqual(0.1);
      // Labelled as made with AI: the IPTC term in XMP, and a C2PA manifest signed by the twin's signer.
      expect(await readAiLabel(await readFile(file), twin.current.c2paTrustAnchor)).toEqual(expectedAiLabel);
      const poster = await fetch(order.poster_url ?? '');
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      const execution = await twin.current.steps.waitForExecution(orderId);
      expect(execution.status).toBe('SUCCEEDED');

      // Received + ready; the ready email links to the order page (never to a presigned URL), which works.
      const mail = await mailTo(email);
      expect(mail).toHaveLength(2);
      const readyHtml = mail.map((message) => message.html ?? '').join('\n');
      expect(readyHtml).not.toContain('X-Amz-Signature');
      const link = /href="([^"]*\/success\?order_id=[^"]+)"/.exec(readyHtml)?.[1] ?? '';
      expect(link).toContain(orderId);
      const page = await fetch(link.replaceAll('&amp;', '&'));
      expect(page.status).toBe(200);
    },
  );

  const renderFunctionName = () => twinRenderFunctionName;
  const failuresOf = (events: { type: string; [details: string]: unknown }[]) =>
    events
      .filter((event) => event.type === 'LambdaFunctionFailed')
      .map((event) => (event.lambdaFunctionFailedEventDetails as { error: string }).error);

  it('retries the render task when the Lambda service fails to take it, then makes the ad', async () => {
    // Three service failures of RenderAd's invoke; its Retry on Lambda's errors tries again each time.
    twin.current.lambda.failNext(renderFunctionName(), 3);
    const orderId = await createPaidOrder(twin.current, { email: uniqueEmail('retry'), durationSeconds: '4' });

    const execution = await twin.current.steps.waitForExecution(orderId);
    expect(execution.status).toBe('SUCCEEDED');
    expect(failuresOf(execution.events)).toEqual([
      'Lambda.ServiceException',
      'Lambda.ServiceException',
      'Lambda.ServiceException',
    ]);
    expect((await readOrder(orderId)).order_status).toBe('completed');
  });

  it('fails, refunds once, tells ops once and frees the slot when the retries run out', async () => {
    const email = uniqueEmail('retries-out');
    twin.current.lambda.failNext(renderFunctionName(), 1_000);
    const orderId = await createPaidOrder(twin.current, { email, durationSeconds: '4' });

    const execution = await twin.current.steps.waitForExecution(orderId);
    twin.current.lambda.failNext(renderFunctionName(), 0);
    expect(execution.status).toBe('FAILED');
    // RenderAd's first run and its 6 retries (the Retry's MaxAttempts on Lambda's errors).
    expect(failuresOf(execution.events)).toEqual(Array(7).fill('Lambda.ServiceException'));
    expect(await readOrder(orderId)).toMatchObject({ order_status: 'failed', payment_status: 'refunded' });
    const stored = await storedOrder(twin.current, orderId);
    expect(stored?.refund_id).toMatch(/^re_/);
    expect(stored?.failure_reason).toContain('ServiceException');
    const ops = await eventually(async () => {
      const messages = (await twin.current.outbox.listMessages()).filter(
        (message) => !message.to.includes(email) && message.subject.includes(orderId.slice(0, 8)),
      );
      return messages.length > 0 && messages;
    });
    expect(ops).toHaveLength(1);
    // The execution-status rule ran the failure path again after Fail: still the one refund.
    expect((await storedOrder(twin.current, orderId))?.refund_id).toBe(stored?.refund_id);
    // The slot it claimed when paid is free again.
    expect(stored?.slot_sk).toBeDefined();
    expect(await activeSlotHolders(twin.current, email)).toEqual([]);
  });

  it('refunds a paid order whose render fails, tells the buyer and ops once, and frees the slot', async () => {
    const email = uniqueEmail('refund');
    const orderId = await createOrderWhoseRenderFails({ email });

    // The order reads failed from MarkFailed on; Refund and NotifyOps follow before the execution ends.
    await settled(orderId);
    const execution = await twin.current.steps.waitForExecution(orderId);
    expect(execution.status).toBe('FAILED');
    expect(await readOrder(orderId)).toMatchObject({
      order_status: 'failed',
      stage: 'failed',
      payment_status: 'refunded',
    });
    const stored = await storedOrder(twin.current, orderId);
    expect(stored?.refund_id).toMatch(/^re_/);
    expect(stored?.failure_reason).toContain('RenderFailed');
    const buyerMail = await eventually(async () => {
      const mail = await mailTo(email);
      return mail.length === 2 && mail;
    });
    expect(buyerMail.map((message) => message.text ?? '').join('\n')).toContain(
      'Your payment of $5.00 has been refunded.',
    );
    const opsMail = (await twin.current.outbox.listMessages()).filter(
      (message) => !message.to.includes(email) && message.subject.includes(orderId.slice(0, 8)),
    );
    expect(opsMail).toHaveLength(1);
    // The slot it claimed when paid is free again.
    expect(stored?.slot_sk).toBeDefined();
    expect(await activeSlotHolders(twin.current, email)).toEqual([]);
  });

  it('fails a free order without a refund and says nothing about a payment', async () => {
    const email = uniqueEmail('free-fail');
    const orderId = await createOrderWhoseRenderFails({ email, couponCode: 'FREEAD' }, '');

    await settled(orderId);
    await twin.current.steps.waitForExecution(orderId);
    expect(await readOrder(orderId)).toMatchObject({ order_status: 'failed', payment_status: 'free' });
    const mail = await eventually(async () => {
      const messages = await mailTo(email);
      return messages.length === 2 && messages;
    });
    expect(mail.map((message) => message.text ?? '').join('\n')).not.toContain('has been refunded');
  });
});
