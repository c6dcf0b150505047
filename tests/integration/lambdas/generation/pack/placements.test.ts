// Where each delivered file can run, after paying: the order page (in Chromium) and the pack-ready
// email (as the twin's outbox received it) list, under every file of the pack, the placements that
// take its shape with pass/fail on the ad's length and the file's size (shared/placements.ts,
// docs/platform-limits.md). A 4 s ad cannot run as a TikTok in-feed ad or a YouTube Shorts ad
// (5 s minimum) nor in YouTube in-stream (10 s); a 12 s ad runs everywhere its shapes are taken.
// The twin renders the 720x1280 file and the 16:9 one (and the writer's other openings at 1080x1920).
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '#local/ses/outbox.ts';
import type { OrderView } from '#shared/contract.ts';
import { browserForSuite, screenshotPath } from '../../../support/browser.ts';
import { createPaidOrder } from '../../../support/pay.ts';
import {
  adMadeWithinMs,
  adTestTimeoutMs,
  callApi,
  eventually,
  twinForSuite,
  uniqueEmail,
} from '../../../support/twin.ts';

const twin = twinForSuite({ waitScale: 0.1, packFormats: ['vertical-720', 'landscape'] });
const browser = browserForSuite();
const packReadyWithinMs = 2 * adMadeWithinMs;

type Verdicts = [placement: string, verdict: string][];

/** What each file's list must say, written out from the platforms' published limits, per length. */
const expected: Record<'4' | '12', { small: Verdicts; vertical: Verdicts; landscape: Verdicts }> = {
  '4': {
    small: [
      ['TikTok in-feed ads', 'does not run (needs at least 5 s)'],
      ['Facebook and Instagram Reels', 'runs (below the recommended 1080x1920)'],
      ['Facebook and Instagram Stories', 'runs (below the recommended 1080x1920)'],
      ['YouTube Shorts ads', 'does not run (needs at least 5 s)'],
    ],
    vertical: [
      ['TikTok in-feed ads', 'does not run (needs at least 5 s)'],
      ['Facebook and Instagram Reels', 'runs'],
      ['Facebook and Instagram Stories', 'runs'],
      ['YouTube Shorts ads', 'does not run (needs at least 5 s)'],
    ],
    landscape: [
      ['TikTok in-feed ads', 'does not run (needs at least 5 s)'],
      ['Facebook and Instagram Feed', 'runs'],
      ['YouTube in-stream ads', 'does not run (needs at least 10 s)'],
    ],
  },
  '12': {
    small: [
      ['TikTok in-feed ads', 'runs (below the recommended 1080x1920)'],
      ['Facebook and Instagram Reels', 'runs (below the recommended 1080x1920)'],
      ['Facebook and Instagram Stories', 'runs (below the recommended 1080x1920)'],
      ['YouTube Shorts ads', 'runs (below the recommended 1080x1920)'],
    ],
    vertical: [
      ['TikTok in-feed ads', 'runs'],
      ['Facebook and Instagram Reels', 'runs'],
      ['Facebook and Instagram Stories', 'runs'],
      ['YouTube Shorts ads', 'runs'],
    ],
    landscape: [
      ['TikTok in-feed ads', 'runs'],
      ['Facebook and Instagram Feed', 'runs'],
      ['YouTube in-stream ads', 'runs'],
    ],
  },
};

/** The expectations of a file by its pack id: the 720x1280 file, the 16:9 one, or a 1080x1920 opening. */
function expectedFor(length: '4' | '12', fileId: string): Verdicts {
  if (fileId === 'vertical-720') return expected[length].small;
  if (fileId === 'landscape') return expected[length].landscape;
  expect(fileId).toMatch(/^vertical-/);
  return expected[length].vertical;
}

async function packReadyMail(email: string) {
  return eventually(async () => {
    const messages = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
    const packReady = messages.find((message) => message.subject.includes('delivery pack is ready'));
    if (!packReady) return false;
    return (decodeMessage(await twin.current.outbox.readMessage(packReady.id)).text ?? '').replace(/\r\n/g, '\n');
  }, adMadeWithinMs);
}

describe.each(['4', '12'] as const)('where a %s s ad can run, after paying', (length) => {
  it(
    'lists each file with pass/fail per placement on the order page (390 and 1280 px) and in the pack-ready email',
    async () => {
      // Prepare
      const email = uniqueEmail(`placements-${length}`);
      const orderId = await createPaidOrder(twin.current, { email, durationSeconds: length });
      const context = await browser.current.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();

      // Act: the pack renders (two or more renders of a 12 s ad on a busy machine take minutes),
      // then the buyer opens the order page
      const packed = await eventually(async () => {
        const order = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body;
        return (order.order_status === 'failed' || (order.pack && order.pack.status !== 'rendering')) && order;
      }, packReadyWithinMs);
      expect(packed.pack?.status).toBe('ready');
      await page.goto(`${twin.current.url}/success?order_id=${orderId}`);
      const zipLink = page.getByRole('link', { name: 'Download all as a zip' });
      await expect.poll(() => zipLink.count(), { timeout: adMadeWithinMs }).toBe(1);
      const packSection = page.getByRole('region', { name: 'Your delivery pack' });
      await packSection.screenshot({ path: screenshotPath(`pack-placements-${length}s-390.png`) });
      await page.setViewportSize({ width: 1280, height: 900 });
      await packSection.screenshot({ path: screenshotPath(`pack-placements-${length}s-1280.png`) });
      const mail = await packReadyMail(email);

      // Assess: every file of the pack, on the page and in the email, with its own verdicts
      const order = (await callApi<OrderView>(twin.current, 'GET', `/api/orders/${orderId}`)).body;
      const files = order.pack?.files ?? [];
      expect(files.map((file) => file.id).slice(0, 2)).toEqual(['vertical-720', 'landscape']);
      for (const file of files) {
        const verdicts = expectedFor(length, file.id);
        const list = page.getByRole('list', { name: `Where ${file.label} can run` });
        expect(await list.getByRole('listitem').allTextContents(), file.id).toEqual(
          verdicts.map(([placement, verdict]) => `${verdict.startsWith('runs') ? '✓' : '✗'}${placement}: ${verdict}`),
        );
        const fileRow = page.getByRole('listitem').filter({ has: list });
        expect(await fileRow.textContent()).toContain(`${file.label}${length} s, ${(file.bytes / 1e6).toFixed(1)} MB`);
        expect(mail).toContain(
          [
            `${file.label}: ${(file.bytes / 1e6).toFixed(1)} MB`,
            ...verdicts.map(([placement, verdict]) => `  ${placement}: ${verdict}`),
          ].join('\n'),
        );
      }
      expect(mail).toContain(`Each is ${length} seconds long`);
      await context.close();
    },
    packReadyWithinMs + adTestTimeoutMs,
  );
});
