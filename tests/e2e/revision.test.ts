// The order's one free revision on the twin (shared/revision.ts): the buyer asks for it with a
// note on the completed order's page in Chromium, which follows it live; its own execution
// (<order id>-v2) of the same state machine renders version 2 at 720x1280 beside version 1, the
// order staying completed, and the buyer is emailed; a revision
// whose render fails keeps version 1, refunds nothing and tells the buyer; a second is refused.
// Real DynamoDB Local, s3rver, the synthesized state machine, the SES outbox, ffmpeg.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#common/dynamodb-clients.ts';
import { stepFunctions } from '#common/sfn-client.ts';
import type { RenderTask } from '#generation/generation-state.ts';
import { probeMedia } from '#generation/media/probe-media.ts';
import { readRenderRequest, storeRenderRequest } from '#generation/render-request-store.ts';
import { reconcile, reconcileTiming } from '#operations/reconcile.ts';
import { claimOrderRevision } from '#orders/order-revision.ts';
import { executionArnFor } from '#orders/start-generation.ts';
import type { OrderView } from '#shared/contract.ts';
import { renderStates } from '#shared/generation-steps.ts';
import { revisionExecutionName, revisionMessages, revisionNotDone } from '#shared/revision.ts';
import { browserForSuite, screenshotPath, waitForReact } from '../integration/support/browser.ts';
import { followOrder } from '../integration/support/events-socket.ts';
import { mailTo as receivedMail } from '../integration/support/mail.ts';
import { storedOrder } from '../integration/support/orders-table.ts';
import { createPaidOrder } from '../integration/support/pay.ts';
import { type PreviewSite, startPreviewSite, testSiteHosts } from '../integration/support/preview-site.ts';
import {
  adMadeWithinMs,
  adTestTimeoutMs,
  callApi,
  eventually,
  orderReadWhen,
  twinForSuite,
  uniqueEmail,
} from '../integration/support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, testSiteHosts });
const browser = browserForSuite();
let site: PreviewSite;
let workDir = '';

beforeAll(async () => {
  site = await startPreviewSite();
  workDir = await mkdtemp(join(tmpdir(), 'revision-test-'));
});
afterAll(async () => {
  await site?.stop();
  await rm(workDir, { recursive: true, force: true });
});

const readOrder = async (id: string) => (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${id}`)).body;
const revise = (id: string, body: unknown) =>
  callApi<Record<string, unknown>>(twin.current, 'POST', `/api/orders/${id}/revisions`, body);

const orderWhen = (id: string, ready: (order: OrderView) => boolean) => orderReadWhen(twin.current, id, ready);

const mailTo = (email: string) => receivedMail(twin.current, email);

/** A paid 4 s order for the readable coffee shop, completed with version 1. */
async function completedOrder(label: string): Promise<{ orderId: string; email: string; version1: OrderView }> {
  const email = uniqueEmail(label);
  const orderId = await createPaidOrder(twin.current, { email, website: site.url('readable'), durationSeconds: '4' });
  const version1 = await orderWhen(orderId, (order) => order.order_status === 'completed');
  await twin.current.steps.waitForExecution(orderId, adMadeWithinMs);
  return { orderId, email, version1 };
}

describe('the free revision', () => {
  it(
    'is asked for on the order page at 390 px and followed live to version 2, delivered in its own execution ' +
      'beside version 1, the order still completed, and the buyer emailed',
    async () => {
      // Prepare
      const { orderId, email, version1 } = await completedOrder('revision');
      expect(version1.revision?.available_until).toBeDefined();
      const live = await followOrder(twin.current, orderId);
      const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${twin.current.url}/success?order_id=${orderId}#revision`);
      await waitForReact(page);
      const offer = page.getByRole('region', { name: 'One free revision' });
      await expect.poll(() => offer.count(), { timeout: adMadeWithinMs }).toBe(1);

      // Act: the note is read as it is typed, then sent
      await offer
        .getByLabel('What should we change?')
        .fill('Please make it faster and open with another hook. Also make it look like a Pixar film.');
      await expect
        .poll(() => offer.textContent())
        .toContain('We will: open with another hook; a faster feel (livelier camera moves).');
      expect(await offer.textContent()).toContain('Beyond what our writer can do: “make it look like a Pixar film”.');
      expect(await offer.textContent()).toContain('A revision keeps the website, the length, the style');
      await page.screenshot({ path: screenshotPath('revision-form-390.png'), fullPage: true });
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(`/api/orders/${orderId}/revisions`)),
        offer.getByRole('button', { name: 'Ask for my free revision' }).click(),
      ]);

      // Assess: the note as the template writer read it
      expect({ status: answer.status(), body: await answer.json() }).toEqual({
        status: 202,
        body: { requests: ['hook', 'faster'], beyond: ['make it look like a Pixar film'], not_done: [] },
      });

      // The page follows version 2 without a reload, to its download
      const outcome = page.getByRole('region', { name: 'Your free revision' });
      await expect
        .poll(() => outcome.textContent(), { timeout: adMadeWithinMs })
        .toMatch(/Version 2 is being made|Version 2 is ready/);
      await page.screenshot({ path: screenshotPath('revision-rendering-390.png'), fullPage: true });
      const download = page.getByRole('link', { name: 'Download version 2' });
      await expect.poll(() => download.count(), { timeout: adMadeWithinMs }).toBe(1);
      await page.screenshot({ path: screenshotPath('revision-ready-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: screenshotPath('revision-ready-1280.png'), fullPage: true });
      expect(await outcome.textContent()).toContain(
        'You asked us to: open with another hook; a faster feel (livelier camera moves).',
      );
      expect(await page.getByRole('region', { name: 'One free revision' }).count()).toBe(0);

      // The order is as it was: completed, paid, version 1 its ad
      const revised = await orderWhen(orderId, (order) => order.revision?.status === 'ready');
      expect(revised).toMatchObject({
        order_status: 'completed',
        payment_status: 'paid',
        stage: 'done',
        progress: 100,
      });
      expect(revised.download_url).toBeDefined();
      expect(revised.revision).toMatchObject({
        status: 'ready',
        progress: 100,
        requests: ['hook', 'faster'],
        beyond: ['make it look like a Pixar film'],
        // This shop's 4 s ad has a second opening (the writer's opening B): version 2 opens on it.
        not_done: [],
      });
      expect(revised.revision?.available_until).toBeUndefined();
      expect(new URL((await download.getAttribute('href')) ?? '').pathname).toBe(
        new URL(revised.revision?.download_url ?? '').pathname,
      );
      const stored = await storedOrder(twin.current, orderId);
      expect(stored?.video_key).toBe(`${orderId}/reelfive-ad-${orderId.slice(0, 8)}.mp4`);
      expect(stored?.revision_video_key).toBe(`${orderId}/v2/reelfive-ad-${orderId.slice(0, 8)}-v2.mp4`);
      expect(stored?.refund_id).toBeUndefined();

      // Version 2: a 720x1280 file of the same length, downloaded under its own name
      const file = await fetch(revised.revision?.download_url ?? '');
      expect(file.headers.get('content-type')).toBe('video/mp4');
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="reelfive-ad-${orderId.slice(0, 8)}-v2.mp4"`,
      );
      const path = join(workDir, 'v2.mp4');
      await writeFile(path, Buffer.from(await file.arrayBuffer()));
      const probed = await probeMedia(path);
      expect(probed.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
      expect(Math.abs(probed.durationSeconds - 4)).toBeLessThanOrEqual(0.05);

      // Its own execution of the same machine, through the revision's states only
      const execution = await twin.current.steps.waitForExecution(revisionExecutionName(orderId));
      expect(execution.status).toBe('SUCCEEDED');
      const entered = execution.events
        .filter((event) => event.type.endsWith('StateEntered'))
        .map((event) => (event.stateEnteredEventDetails as { name: string }).name);
      expect(entered).toEqual(['WhichVersion', 'ReviseStoryboard', renderStates.revision, 'DeliverRevision', 'Done']);

      // The live channel carried the revision's progress after the order had completed
      const updates = await live.completedUpdates();
      expect(updates.length).toBeGreaterThanOrEqual(2);

      // The ready email offered the revision; the revision's email says what was done and what not
      const mail = await eventually(async () => {
        const messages = await mailTo(email);
        return messages.some((message) => message.subject.includes('revised')) && messages;
      });
      const ready = mail.find(
        (message) => message.subject.includes('ad is ready') && !message.subject.includes('revised'),
      );
      expect(ready?.text).toContain(`Ask for your free revision: `);
      expect(ready?.text).toContain(`/success?order_id=${orderId}#revision`);
      const revisedMail = mail.find((message) => message.subject.includes('revised'));
      expect(revisedMail?.text).toContain(
        'You asked us to: open with another hook; a faster feel (livelier camera moves)',
      );
      expect(revisedMail?.text).toContain('“make it look like a Pixar film”: beyond what our writer can do.');
      expect(revisedMail?.text).not.toContain('no other opening');

      // One revision per order
      const again = await revise(orderId, { note: 'make it faster' });
      expect(again).toEqual({
        status: 409,
        body: { error: revisionMessages.alreadyUsed, errorCode: 'REVISION_UNAVAILABLE' },
      });
      await context.close();
    },
    adTestTimeoutMs * 2,
  );

  it(
    'keeps version 1, refunds nothing and tells the buyer when the revision cannot be rendered',
    async () => {
      // Prepare: Lambda fails every invoke of the revision's render, through all its retries
      const { orderId, email } = await completedOrder('revision-fails');
      twin.current.lambda.failNext('RenderFunction', 1_000, (event) => (event as RenderTask).revision === 2);
      try {
        // Act
        const asked = await revise(orderId, { note: 'Make it faster' });
        const failed = await orderWhen(orderId, (order) => order.revision?.status === 'failed');

        // Assess
        expect(asked.status).toBe(202);
        expect(failed).toMatchObject({ order_status: 'completed', payment_status: 'paid', progress: 100 });
        expect(failed.download_url).toBeDefined();
        expect(failed.revision).toMatchObject({ status: 'failed', requests: ['faster'] });
        expect(failed.revision?.download_url).toBeUndefined();
        const execution = await twin.current.steps.waitForExecution(revisionExecutionName(orderId));
        expect(execution.status).toBe('SUCCEEDED');
        const stored = await storedOrder(twin.current, orderId);
        expect(stored?.refund_id).toBeUndefined();
        expect(stored?.revision_failure_reason).toContain('Lambda.ServiceException');
        const told = await eventually(async () =>
          (await mailTo(email)).find((message) => message.subject.includes('could not make your')),
        );
        expect(told?.text).toContain('Version 1 is still yours to download and use, unchanged');
        expect(told?.text).toContain('nothing to refund');
        // The revision was used: a second is refused
        expect((await revise(orderId, { note: 'say the price' })).status).toBe(409);
      } finally {
        twin.current.lambda.failNext('RenderFunction', 0);
      }
    },
    adTestTimeoutMs * 2,
  );

  it(
    'tries the note on the ad first: refuses one whose every request the ad does not allow, the revision kept; ' +
      'then says which requests a partly possible note will not get',
    async () => {
      // Prepare: version 1 as an ad with one opening only (the writer found no second fact to open on)
      const { orderId } = await completedOrder('revision-dry-run');
      const kept = await readRenderRequest(orderId);
      if (!kept) throw new Error('the completed order has no render request');
      const { openings: _openings, ...oneOpening } = kept.storyboard;
      await storeRenderRequest({ ...kept, storyboard: oneOpening });
      const noOtherHook = revisionNotDone(
        'hook',
        'this ad has no other opening our writer could make from your website',
      );

      // Act: another hook alone
      const refused = await revise(orderId, { note: 'Please open with another hook' });

      // Assess: refused with why, and the revision is still the buyer's
      expect(refused).toEqual({
        status: 422,
        body: { error: revisionMessages.nothingPossible([noOtherHook]), errorCode: 'REVISION_REFUSED' },
      });
      expect((await readOrder(orderId)).revision).toEqual({ available_until: expect.any(String) });
      expect(twin.current.steps.getExecution(revisionExecutionName(orderId))).toBeUndefined();

      // Act: another hook and a faster feel
      const asked = await revise(orderId, { note: 'Open with another hook and make it faster' });

      // Assess: the 202 and the page say at once what version 2 will not do; version 2 does the rest
      expect(asked).toEqual({
        status: 202,
        body: { requests: ['hook', 'faster'], beyond: [], not_done: [noOtherHook] },
      });
      expect((await readOrder(orderId)).revision).toMatchObject({ status: 'rendering', not_done: [noOtherHook] });
      const revised = await orderWhen(orderId, (order) => order.revision?.status === 'ready');
      expect(revised.revision).toMatchObject({ requests: ['hook', 'faster'], not_done: [noOtherHook] });
    },
    adTestTimeoutMs * 2,
  );
});

describe('the reconciler and a revision left rendering', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  /** The reconciler's clock past the start grace: every write made so far is idle long enough. */
  const pastGrace = () => new Date(Date.now() + reconcileTiming.startGraceMs);

  it(
    'starts the revision whose execution never started, and version 2 is delivered',
    async () => {
      // Prepare: the route claimed the revision three minutes ago and died before StartExecution
      const { orderId } = await completedOrder('revision-unstarted');
      const claimed = await claimOrderRevision(
        orderId,
        { note: 'Make it faster', requests: ['faster'], beyond: [], notDone: [], writer: 'template' },
        minutesAgo(3),
      );
      expect(claimed).toBe(true);

      // Act
      const report = await reconcile();

      // Assess
      expect(report.errors).toBe(0);
      expect(report.repairRevision).toBeGreaterThanOrEqual(1);
      expect(twin.current.steps.getExecution(revisionExecutionName(orderId))?.input).toEqual({ orderId, revision: 2 });
      const revised = await orderWhen(orderId, (order) => order.revision?.status === 'ready');
      expect(revised).toMatchObject({ order_status: 'completed', payment_status: 'paid' });
      expect(revised.revision).toMatchObject({ requests: ['faster'], not_done: [] });
      expect((await twin.current.steps.waitForExecution(revisionExecutionName(orderId))).status).toBe('SUCCEEDED');
    },
    adTestTimeoutMs * 2,
  );

  it(
    'fails a revision whose execution was aborted without the order being told: version 1 kept, no refund, the buyer told',
    async () => {
      // Prepare: a revision stopped while it renders…
      const { orderId, email } = await completedOrder('revision-aborted');
      expect((await revise(orderId, { note: 'Make it faster' })).status).toBe(202);
      const name = revisionExecutionName(orderId);
      await eventually(
        async () =>
          twin.current.steps
            .getExecution(name)
            ?.events.some(
              (event) =>
                event.type === 'TaskStateEntered' &&
                (event.stateEnteredEventDetails as { name: string }).name === renderStates.revision,
            ),
        adMadeWithinMs,
      );
      await stepFunctions().send(new StopExecutionCommand({ executionArn: executionArnFor(name), cause: 'test' }));
      expect((await twin.current.steps.waitForExecution(name)).status).toBe('ABORTED');
      await twin.current.steps.announced();
      await twin.current.lambda.idle();
      // …and the execution-status rule's event lost: the row and its email ledger as they were before it
      await documents().send(
        new UpdateCommand({
          TableName: twin.current.env.ORDERS_TABLE,
          Key: { id: orderId },
          UpdateExpression: 'SET revision_status = :rendering REMOVE revision_failure_reason DELETE emails_sent :told',
          ExpressionAttributeValues: { ':rendering': 'rendering', ':told': new Set(['revision_failed']) },
        }),
      );
      const toldBefore = (await mailTo(email)).filter((message) => message.subject.includes('could not make your'));

      // Act
      const report = await reconcile(pastGrace());

      // Assess
      expect(report.errors).toBe(0);
      expect(report.repairRevision).toBeGreaterThanOrEqual(1);
      const stored = await storedOrder(twin.current, orderId);
      expect(stored).toMatchObject({
        order_status: 'completed',
        payment_status: 'paid',
        revision_status: 'failed',
        revision_failure_reason: 'revision execution ABORTED',
      });
      expect(stored?.refund_id).toBeUndefined();
      expect(stored?.video_key).toBeDefined();
      const told = await eventually(async () => {
        const failed = (await mailTo(email)).filter((message) => message.subject.includes('could not make your'));
        return failed.length === toldBefore.length + 1 && failed;
      });
      expect(told.at(-1)?.text).toContain('Version 1 is still yours to download and use, unchanged');
      // A second pass finds nothing left to do
      const again = await reconcile(pastGrace());
      expect(again.errors).toBe(0);
      expect((await storedOrder(twin.current, orderId))?.revision_failure_reason).toBe('revision execution ABORTED');
    },
    adTestTimeoutMs * 2,
  );
});
