// The delivery pack's pure parts: which files an order renders after its primary, the pack's
// combined progress, the order page following a completed order whose pack still renders, the
// live channel carrying the pack's changes, and the emails that announce it.
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { licenceText } from '#generation/delivery-pack.ts';
import { renderOrderEmail } from '#notifications/order-email-templates.ts';
import { whyEmailIsUntrue } from '#notifications/order-emails.ts';
import type { OrderRecord } from '#orders/order-record.ts';
import { orderStatusEventOf } from '#realtime/order-status-event.ts';
import { adFormat, adFormats } from '#shared/ad-formats.ts';
import { combinedPackProgress, packFileName, packItemLabel, packItems } from '#shared/delivery-pack.ts';
import { openingsWords } from '#shared/pack-words.ts';
import { usageRightsText } from '#shared/usage-rights.ts';
import { emailOrder, emailOrderId } from '#tests/unit/support/email-orders.ts';
import { completedOrder, processingOrder } from '#tests/unit/support/order-views.ts';
import { nextOrderReadMs, wantsLiveUpdates } from '#web/features/order-status/live-updates.ts';

const orderId = emailOrderId;

describe('the pack’s items', () => {
  it('renders every configured format but the primary, then each extra opening at 1080x1920, once each', () => {
    const items = packItems(
      adFormats.map((format) => format.id),
      [
        { id: 'B', name: 'Opening B — the rating' },
        { id: 'C', name: 'Opening C — the offer' },
        { id: 'B', name: 'Opening B — the rating' },
      ],
    );

    expect(items).toEqual([
      { format: 'vertical' },
      { format: 'portrait' },
      { format: 'square' },
      { format: 'landscape' },
      { format: 'vertical', opening: 'B', openingName: 'Opening B — the rating' },
      { format: 'vertical', opening: 'C', openingName: 'Opening C — the offer' },
    ]);
    expect(packItems(['vertical-720'])).toEqual([]);
  });

  it('names each file after its item and labels it from the format table', () => {
    expect(packFileName(orderId, { format: 'square' })).toBe('reelfive-ad-3f1c2b7a-square.mp4');
    expect(packFileName(orderId, { format: 'vertical', opening: 'question' })).toBe(
      'reelfive-ad-3f1c2b7a-vertical-question.mp4',
    );
    expect(packItemLabel({ format: 'landscape' })).toBe(adFormat('landscape').label);
    expect(packItemLabel({ format: 'vertical', opening: 'question' })).toBe(
      `${adFormat('vertical').label}, opening “question”`,
    );
    expect(packItemLabel({ format: 'vertical', opening: 'B', openingName: 'Opening B — the rating' })).toBe(
      `${adFormat('vertical').label}, Opening B — the rating`,
    );
  });

  it('combines the renders’ fractions into one progress, never over 100', () => {
    expect(combinedPackProgress({ vertical: 0.5, square: 0, landscape: 1 })).toBe(50);
    expect(combinedPackProgress({ vertical: 1.4 })).toBe(100);
    expect(combinedPackProgress({})).toBe(100);
  });
});

describe('the licence in the zip', () => {
  it('is the terms’ usage rights, for this order and each of its files', () => {
    const text = licenceText(orderId, [
      { item: { format: 'vertical-720' }, key: 'k1', bytes: 1 },
      { item: { format: 'square' }, key: 'k2', bytes: 2 },
    ]);

    expect(text).toContain(usageRightsText);
    expect(text).toContain(`Order ${orderId}`);
    expect(text).toContain(`- reelfive-ad-3f1c2b7a-square.mp4: ${adFormat('square').label}`);
    expect(text).toContain('/terms');
  });
});

describe('the order page while the pack renders', () => {
  const now = Date.parse('2026-01-15T10:05:00.000Z');
  const completed = completedOrder(processingOrder, new Date(now + 15 * 60_000).toISOString());

  it('keeps following a completed order live until its pack is ready or failed', () => {
    const rendering = { ...completed, pack: { status: 'rendering', progress: 40 } } as const;

    expect(wantsLiveUpdates(rendering, now)).toBe(true);
    expect(nextOrderReadMs(rendering, 'live', now)).toBe(false);
    expect(wantsLiveUpdates({ ...completed, pack: { status: 'ready', progress: 100 } }, now)).toBe(false);
    expect(wantsLiveUpdates({ ...completed, pack: { status: 'failed', progress: 40 } }, now)).toBe(false);
  });
});

describe('the live channel', () => {
  const image = (fields: Record<string, string | number>) =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        typeof value === 'number' ? { N: String(value) } : { S: value },
      ]),
    );
  const base = { id: orderId, order_status: 'completed', stage: 'done', progress: 100, updated_at: 'now' };
  const change = (before: Record<string, string | number>, after: Record<string, string | number>) =>
    ({
      eventName: 'MODIFY',
      eventID: '1',
      dynamodb: { OldImage: image({ ...base, ...before }), NewImage: image({ ...base, ...after }) },
    }) as unknown as DynamoDBRecord;

  it('carries a change of the pack’s progress or status, with the public fields only', () => {
    const event = orderStatusEventOf(change({ pack_progress: 10 }, { pack_progress: 50 }));

    expect(event).toEqual({ id: orderId, order_status: 'completed', stage: 'done', progress: 100, updated_at: 'now' });
    expect(orderStatusEventOf(change({ pack_status: 'rendering' }, { pack_status: 'ready' }))).not.toBeNull();
    expect(orderStatusEventOf(change({ pack_progress: 50 }, { pack_progress: 50 }))).toBeNull();
  });
});

describe('the emails', () => {
  const facts = emailOrder();
  const links = { siteUrl: 'https://reelfive.example', deliverySeconds: 60 };

  it('the ready email says which files follow, and nothing of a pack when none does', () => {
    const withPack = renderOrderEmail('ready', { ...facts, pack_items: [{ format: 'square' }] }, links);
    const alone = renderOrderEmail('ready', facts, links);

    expect(withPack.text).toContain(`The rest of your delivery pack (${adFormat('square').label}, and a zip`);
    expect(alone.text).not.toContain('delivery pack');
  });

  it('the pack-ready email lists every file with its size and links the order page', () => {
    const email = renderOrderEmail(
      'pack_ready',
      {
        ...facts,
        pack_files: [
          { item: { format: 'vertical-720' }, key: 'a', bytes: 2_400_000 },
          { item: { format: 'square' }, key: 'b', bytes: 3_100_000 },
        ],
      },
      links,
    );

    expect(email.subject).toBe('Your ReelFive delivery pack is ready');
    expect(email.text).toContain(`${adFormat('vertical-720').label}: 2.4 MB`);
    expect(email.text).toContain(`${adFormat('square').label}: 3.1 MB`);
    expect(email.text).toContain(`https://reelfive.example/success?order_id=${orderId}`);
    expect(email.html).toContain(adFormat('square').label);
  });

  it('the pack-ready email says under each file where it can run: a 4 s ad not as TikTok or YouTube Shorts ads', () => {
    const email = renderOrderEmail(
      'pack_ready',
      {
        ...facts,
        duration_seconds: 4,
        pack_files: [
          { item: { format: 'vertical-720' }, key: 'a', bytes: 2_400_000 },
          { item: { format: 'square' }, key: 'b', bytes: 3_100_000 },
        ],
      },
      links,
    );

    expect(email.text).toContain(
      [
        `${adFormat('vertical-720').label}: 2.4 MB`,
        '  TikTok in-feed ads: does not run (needs at least 5 s)',
        '  Facebook and Instagram Reels: runs (below the recommended 1080x1920)',
        '  Facebook and Instagram Stories: runs (below the recommended 1080x1920)',
        '  YouTube Shorts ads: does not run (needs at least 5 s)',
        '',
        `${adFormat('square').label}: 3.1 MB`,
        '  TikTok in-feed ads: does not run (needs at least 5 s)',
        '  Facebook and Instagram Feed: runs (below the recommended 1080x1350)',
      ].join('\n'),
    );
    expect(email.html).toContain('YouTube Shorts ads</td><td style="padding:4px 0;word-break:break-all">does not run');
  });

  it('the pack-ready email says how many openings there are to test and, when fewer than three, why', () => {
    const withOpenings = (openings: string[]) =>
      renderOrderEmail(
        'pack_ready',
        {
          ...facts,
          pack_files: [
            { item: { format: 'vertical-720' }, key: 'a', bytes: 2_400_000 },
            ...openings.map((opening) => ({ item: { format: 'vertical' as const, opening }, key: opening, bytes: 1 })),
          ],
        },
        links,
      ).text;

    expect(withOpenings(['B', 'C'])).toContain(openingsWords(3));
    expect(openingsWords(3)).toMatch(/^Three openings to A\/B test/);
    expect(withOpenings(['B'])).toContain(openingsWords(2));
    expect(openingsWords(2)).toMatch(/There is no third: we only make an opening from a fact or a line your website/);
    expect(withOpenings([])).toContain(openingsWords(1));
    expect(openingsWords(1)).toMatch(/^One opening: .* your site gave none for this ad/);
    // A site read for its name only has no other opening in any length or style: the pack does not promise one.
    expect(openingsWords(1)).toMatch(
      /If we could read only your business’s name, no other length or style will find one/,
    );
  });

  it('is not resent for a pack that is not ready', () => {
    const order = { id: orderId, order_status: 'completed', pack_status: 'rendering' } as OrderRecord;

    expect(whyEmailIsUntrue(order, 'pack_ready')).toContain('rendering');
    expect(whyEmailIsUntrue({ ...order, pack_status: 'ready' }, 'pack_ready')).toBeNull();
  });
});
