// The delivery pack on the twin: a paid order completes with its 720x1280 file, then the pack's
// other files render in the state machine's Map and follow with their own status and progress on
// the same live channel; once ready, the order page lists every file with its download link and
// a zip holding them all with the licence, and the buyer gets a second email listing them. A pack
// render that fails leaves the order completed with its primary file. The first test's order
// renders every format of the pack (generationConfig.pack.formats); the others, the two 9:16 ones.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepFunctions } from '#common/sfn-client.ts';
import type { RenderTask } from '#generation/generation-state.ts';
import { probeMedia } from '#generation/media/probe-media.ts';
import { executionArnFor } from '#orders/start-generation.ts';
import { type AdFormatId, adFormat } from '#shared/ad-formats.ts';
import { generationConfig } from '#shared/config.ts';
import type { OrderView } from '#shared/contract.ts';
import { renderStates } from '#shared/generation-steps.ts';
import { openingsWords } from '#shared/pack-words.ts';
import { usageRightsText } from '#shared/usage-rights.ts';
import { browserForSuite, screenshotPath } from '../../support/browser.ts';
import { followOrder } from '../../support/events-socket.ts';
import { mailTo as receivedMail } from '../../support/mail.ts';
import { storedOrder } from '../../support/orders-table.ts';
import { createPaidOrder } from '../../support/pay.ts';
import {
  adMadeWithinMs,
  adTestTimeoutMs,
  callApi,
  eventually,
  orderReadWhen,
  twinForSuite,
  uniqueEmail,
} from '../../support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, packFormats: generationConfig.pack.formats });
const browser = browserForSuite();
let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'delivery-pack-test-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const readOrder = async (id: string) => (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;

const mailTo = (email: string) => receivedMail(twin.current, email);

/** The order as the page reads it, polled until `ready` says so. */
const orderWhen = (id: string, ready: (order: OrderView) => boolean) => orderReadWhen(twin.current, id, ready);

async function download(url: string): Promise<{ type: string | null; disposition: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return {
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('the delivery pack', () => {
  it(
    'completes the order with the 720x1280 file, then delivers every file, the zip with the licence and a second email',
    async () => {
      // Prepare
      const email = uniqueEmail('pack');
      const orderId = await createPaidOrder(twin.current, { email, durationSeconds: '4' });
      const live = await followOrder(twin.current, orderId);

      // Act: the order completes first, its pack still rendering
      const completed = await orderWhen(orderId, (order) => order.order_status === 'completed');
      const packed = await orderWhen(orderId, (order) => order.pack?.status === 'ready');

      // Assess: the order completed with its primary file before the pack was ready
      expect(completed.download_url).toBeDefined();
      expect(completed.pack?.status).toBe('rendering');
      const execution = await twin.current.steps.waitForExecution(orderId);
      expect(execution.status).toBe('SUCCEEDED');
      const entered = execution.events
        .filter((event) => event.type.endsWith('StateEntered'))
        .map((event) => (event.stateEnteredEventDetails as { name: string }).name);
      expect(entered.indexOf('MarkCompleted')).toBeLessThan(entered.indexOf('RenderPack'));
      expect(entered.filter((name) => name === renderStates.pack)).toHaveLength(
        generationConfig.pack.formats.length - 1,
      );

      // The page lists every file, the primary first, with the format table's labels
      const pack = packed.pack;
      expect(pack).toMatchObject({ status: 'ready', progress: 100 });
      expect(pack?.files?.map(({ id, label }) => ({ id, label }))).toEqual(
        generationConfig.pack.formats.map((id) => ({ id, label: adFormat(id).label })),
      );
      const short = orderId.slice(0, 8);
      const files = await Promise.all((pack?.files ?? []).map((file) => download(file.download_url)));
      for (const [index, file] of files.entries()) {
        expect(file.type).toBe('video/mp4');
        expect(file.disposition).toBe(`attachment; filename="reelfive-ad-${short}-${pack?.files?.[index]?.id}.mp4"`);
        expect(file.bytes.length).toBe(pack?.files?.[index]?.bytes);
      }
      const vertical = join(workDir, 'vertical.mp4');
      await writeFile(vertical, files[1]?.bytes ?? Buffer.alloc(0));
      const probed = await probeMedia(vertical);
      expect(probed.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
      expect(Math.abs(probed.durationSeconds - 4)).toBeLessThanOrEqual(0.05);
      // Each file at its own format's size
      for (const [index, file] of files.entries()) {
        const path = join(workDir, `file-${index}.mp4`);
        await writeFile(path, file.bytes);
        const { width, height } = adFormat(pack?.files?.[index]?.id as AdFormatId);
        expect((await probeMedia(path)).video).toMatchObject({ width, height });
      }

      // The zip: every file under its pack name, and the licence
      const zip = await download(pack?.zip_url ?? '');
      expect(zip.type).toBe('application/zip');
      expect(zip.disposition).toBe(`attachment; filename="reelfive-ad-${short}-pack.zip"`);
      const entries = unzipSync(new Uint8Array(zip.bytes));
      expect(Object.keys(entries).sort()).toEqual(
        [
          'AI-LABEL.txt',
          'LICENCE.txt',
          'captions.srt',
          'captions.vtt',
          'copy.txt',
          ...generationConfig.pack.formats.map((id) => `reelfive-ad-${short}-${id}.mp4`),
        ].sort(),
      );
      // The copy to paste and the captions of the voice the buyer hears
      const text = (name: string) => new TextDecoder().decode(entries[name]);
      expect(text('copy.txt')).toMatch(/TikTok/);
      expect(text('copy.txt')).toMatch(/Meta/);
      expect(text('captions.vtt')).toMatch(/^WEBVTT/);
      expect(text('captions.srt')).toMatch(/^1\n00:00:0\d,\d{3} --> /);
      expect(text('AI-LABEL.txt')).toContain('compositeWithTrainedAlgorithmicMedia');
      expect(text('AI-LABEL.txt')).toContain('AI-generated content');
      expect(
        Buffer.from(entries[`reelfive-ad-${short}-vertical.mp4`] ?? []).equals(files[1]?.bytes ?? Buffer.alloc(0)),
      ).toBe(true);
      const licence = new TextDecoder().decode(entries['LICENCE.txt']);
      expect(licence).toContain(usageRightsText);
      expect(licence).toContain(`Order ${orderId}`);
      expect(licence).toContain(`reelfive-ad-${short}-vertical.mp4: ${adFormat('vertical').label}`);

      // The pack's progress reached the order's channel after the order completed
      const updates = await live.completedUpdates();
      const afterCompletion = updates.slice(updates.findIndex((update) => update.order_status === 'completed'));
      expect(afterCompletion.length).toBeGreaterThanOrEqual(2);

      // The ready email says the pack follows; the pack-ready email lists every file
      const mail = await eventually(async () => {
        const messages = await mailTo(email);
        return messages.length === 3 && messages;
      });
      const ready = mail.find((message) => message.subject.includes('ad is ready'));
      expect(ready?.text).toContain(`The rest of your delivery pack (${adFormat('vertical').label}`);
      const packReady = mail.find((message) => message.subject.includes('delivery pack is ready'));
      expect(packReady?.text).toContain(`${adFormat('vertical-720').label}: `);
      expect(packReady?.text).toContain(`${adFormat('vertical').label}: `);
      expect(packReady?.text).toContain(`/success?order_id=${orderId}`);
    },
    adTestTimeoutMs,
  );

  it(
    'keeps the order completed with its primary file when a pack render fails, and says so',
    async () => {
      // Prepare: Lambda fails every invoke of the 1080x1920 render, through all its retries
      twin.current.lambda.failNext(
        'RenderFunction',
        1_000,
        (event) => (event as RenderTask).item?.format === 'vertical',
      );
      try {
        const email = uniqueEmail('pack-fails');
        const orderId = await createPaidOrder(twin.current, { email, durationSeconds: '4' });

        // Act
        const order = await orderWhen(orderId, (current) => current.pack?.status === 'failed');

        // Assess
        expect(order).toMatchObject({ order_status: 'completed', payment_status: 'paid', progress: 100 });
        expect(order.download_url).toBeDefined();
        // The pack's other renders (its openings) may have reported before this one failed: the
        // failed pack keeps the progress it reached, short of 100.
        expect(order.pack).toEqual({ status: 'failed', progress: expect.any(Number) });
        expect(order.pack?.progress).toBeLessThan(100);
        const execution = await twin.current.steps.waitForExecution(orderId);
        expect(execution.status).toBe('SUCCEEDED');
        const stored = await storedOrder(twin.current, orderId);
        expect(stored?.refund_id).toBeUndefined();
        expect(stored?.pack_failure_reason).toContain('Lambda.ServiceException');
      } finally {
        twin.current.lambda.failNext('RenderFunction', 0);
      }
    },
    adTestTimeoutMs,
  );

  it(
    'fails the pack alone when the execution is stopped while the pack renders, and refunds nothing',
    async () => {
      // Prepare
      const orderId = await createPaidOrder(twin.current, { email: uniqueEmail('pack-stopped'), durationSeconds: '4' });
      await orderWhen(orderId, (order) => order.order_status === 'completed' && order.pack?.status === 'rendering');

      // Act: the execution ends ABORTED, which the execution-status rule's failure path handles
      await stepFunctions().send(new StopExecutionCommand({ executionArn: executionArnFor(orderId), cause: 'test' }));
      const order = await orderWhen(orderId, (current) => current.pack?.status !== 'rendering');

      // Assess
      expect(order).toMatchObject({ order_status: 'completed', payment_status: 'paid', pack: { status: 'failed' } });
      expect((await twin.current.steps.waitForExecution(orderId)).status).toBe('ABORTED');
      const stored = await storedOrder(twin.current, orderId);
      expect(stored?.refund_id).toBeUndefined();
      expect(stored?.pack_failure_reason).toContain('Execution ABORTED');
    },
    adTestTimeoutMs,
  );

  it(
    'shows the pack on the order page at 390 and 1280 px: its progress live, then every file and the zip',
    async () => {
      // Prepare
      const orderId = await createPaidOrder(twin.current, { email: uniqueEmail('pack-page'), durationSeconds: '4' });
      const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();

      // Act: the buyer's page follows the order, then its pack, without a reload
      await page.goto(`${twin.current.url}/success?order_id=${orderId}`);
      const packSection = page.getByRole('region', { name: 'Your delivery pack' });
      await expect
        .poll(() => packSection.textContent(), { timeout: adMadeWithinMs })
        .toMatch(/The other formats are being made|Download all as a zip/);
      await page.screenshot({ path: screenshotPath('delivery-pack-early-390.png'), fullPage: true });
      const zipLink = page.getByRole('link', { name: 'Download all as a zip' });
      await expect.poll(() => zipLink.count(), { timeout: adMadeWithinMs }).toBe(1);
      await page.screenshot({ path: screenshotPath('delivery-pack-ready-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: screenshotPath('delivery-pack-ready-1280.png'), fullPage: true });

      // Assess: every file of the order's pack, labelled and linked as the API hands them out
      const order = await readOrder(orderId);
      for (const file of order.pack?.files ?? []) {
        const link = page.getByRole('link', { name: `Download ${file.label}` });
        expect(await link.count()).toBe(1);
        expect(new URL((await link.getAttribute('href')) ?? '').pathname).toBe(new URL(file.download_url).pathname);
      }
      expect(order.pack?.files?.map((file) => file.id)).toEqual(generationConfig.pack.formats);
      // A site that was not read gives no other opening, and the page says why
      expect(order.pack?.openings).toBe(1);
      expect(await packSection.textContent()).toContain(openingsWords(1));
      expect(new URL((await zipLink.getAttribute('href')) ?? '').pathname).toBe(
        new URL(order.pack?.zip_url ?? '').pathname,
      );
      const zip = await fetch((await zipLink.getAttribute('href')) ?? '');
      expect(zip.status).toBe(200);
      await context.close();
    },
    adTestTimeoutMs,
  );
});
