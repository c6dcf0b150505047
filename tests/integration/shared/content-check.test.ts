// The content check on the twin (shared/prohibited-content.ts): the preview tells the buyer before
// paying, in the order form at a phone's width too; a paid order for a prohibited site fails at
// AnalyzeWebsite, before anything is written or rendered, and takes the failure path: refunded,
// ops told, and the buyer's email says why. The guardrail is the twin's stand-in, called by the
// product's real Bedrock client over the ApplyGuardrail wire protocol.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage } from '#local/ses/outbox.ts';
import { messages, type OrderView } from '#shared/contract.ts';
import type { PreviewResponse } from '#shared/preview-contract.ts';
import { prohibitedCategory } from '#shared/prohibited-content.ts';
import { type CorpusSite, corpusSiteHosts, startCorpusSite } from '../../content-check/corpus-site.ts';
import { browserForSuite, screenshotPath, waitForReact } from '../support/browser.ts';
import { storedOrder } from '../support/orders-table.ts';
import { createPaidOrder } from '../support/pay.ts';
import { adMadeWithinMs, callApi, eventually, twinForSuite, uniqueEmail } from '../support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, testSiteHosts: corpusSiteHosts });
const browser = browserForSuite();
let site: CorpusSite;

beforeAll(async () => {
  site = await startCorpusSite();
});
afterAll(() => site?.stop());

const vapes = 'cloud-nine-vapes.test';
const honest = 'bluebottlecoffee.test';
const tobaccoLabel = prohibitedCategory('tobacco')?.label ?? '';

const preview = (website: string) =>
  callApi<PreviewResponse>(twin.current, 'POST', '/api/previews', {
    website,
    style: 'cinematic',
    durationSeconds: '8',
  });

async function mailTo(email: string) {
  const listed = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
  return Promise.all(
    listed.map(async (message) => ({
      ...message,
      ...decodeMessage(await twin.current.outbox.readMessage(message.id)),
    })),
  );
}

describe('the content check on the twin', () => {
  it('tells the buyer before paying which prohibited category the site falls under, and says nothing for an honest shop', async () => {
    const refused = await preview(site.url(vapes));
    const passed = await preview(site.url(honest));

    expect(refused.status).toBe(200);
    expect(refused.body.refusedFor).toBe(tobaccoLabel);
    expect(passed.status).toBe(200);
    expect(passed.body.refusedFor).toBeUndefined();
    expect(passed.body.businessName).toBe('Blue Bottle Coffee');
    // Each went through the guardrail's wire protocol, with the id and version the template names.
    const applied = twin.current.guardrail.requests.filter((request) => request.path.endsWith('/apply'));
    expect(applied.length).toBeGreaterThanOrEqual(2);
    for (const request of applied) {
      expect(request.path).toBe(
        `/guardrail/${twin.current.env.CONTENT_GUARDRAIL_ID}/version/${twin.current.env.CONTENT_GUARDRAIL_VERSION}/apply`,
      );
    }
  });

  it('fails a paid order for a prohibited site before its script, refunds it, and tells the buyer why', {
    timeout: adMadeWithinMs + 60_000,
  }, async () => {
    const email = uniqueEmail('refused-content');
    const orderId = await createPaidOrder(twin.current, { email, website: site.url(vapes) });

    const execution = await twin.current.steps.waitForExecution(orderId);
    expect(execution.status).toBe('FAILED');
    const order = await eventually(async () => {
      const read = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body;
      return read.payment_status === 'refunded' && read;
    }, adMadeWithinMs);
    expect(order).toMatchObject({ order_status: 'failed', stage: 'failed', payment_status: 'refunded' });
    const stored = await storedOrder(twin.current, orderId);
    expect(stored?.failure_reason).toBe('ContentRefused: tobacco');
    expect(stored?.refund_id).toMatch(/^re_/);
    // Nothing after AnalyzeWebsite ran: no script was written and no render started.
    const entered = execution.events
      .filter((event) => event.type.endsWith('StateEntered'))
      .map((event) => (event.stateEnteredEventDetails as { name: string }).name);
    expect(entered).toEqual(expect.arrayContaining(['AnalyzeWebsite', 'MarkFailed', 'Refund', 'NotifyOps']));
    expect(entered).not.toContain('WriteStoryboard');

    const failed = await eventually(async () => {
      const mail = await mailTo(email);
      return mail.find((message) => message.subject.includes('did not make')) ?? false;
    });
    expect(failed.text).toContain(`refused because the site's content falls under "${tobaccoLabel}"`);
    expect(failed.text).toContain('Your payment of $5.00 has been refunded.');
    expect(failed.text).toContain('/terms#terms-prohibited-content');
  });

  it('shows the refusal on the order form at 390 px', async () => {
    const context = await browser.current.newContext({ viewport: { width: 390, height: 900 } });
    const page: Page = await context.newPage();
    try {
      await page.goto(`${twin.current.url}/#pricing`);
      await waitForReact(page);
      await page.getByLabel('Website URL').fill(site.url(vapes));
      const panel = page.getByRole('region', { name: 'What your ad will be made from' });
      await expect
        .poll(() => panel.textContent(), { timeout: 30_000 })
        .toContain(messages.contentRefused(vapes, tobaccoLabel));
      await panel.getByRole('note').first().scrollIntoViewIfNeeded();
      await page.locator('#pricing').screenshot({ path: screenshotPath('preview-content-refused-390.png') });
    } finally {
      await context.close();
    }
  });
});
