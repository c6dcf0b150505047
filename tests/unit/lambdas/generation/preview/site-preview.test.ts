// The preview's pure parts: the buyer's words for why a site could not be read, the cache's keys
// and freshness, and how the order's storyboard takes the opening the buyer was shown.
import { describe, expect, it } from 'vitest';
import { isFresh, previewKeys } from '#generation/preview/preview-cache.ts';
import { withOpening } from '#generation/preview/preview-reuse.ts';
import { buyerReason, unreadableSiteReason } from '#generation/preview/site-preview.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { generationConfig } from '#shared/config.ts';
import { unreadableSiteMessage } from '#shared/preview-contract.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

const candleShop = { ...siteFactsOf('candleShop'), source: 'site' } as const;
const board = (style: 'cinematic' | 'ugc' = 'cinematic') =>
  writeTemplateStoryboard({ site: candleShop, order: { style, durationSeconds: 12, uploadKey: null } });

describe("why a site could not be read, in the buyer's words", () => {
  it.each([
    ['10.0.0.1 is not a public host', 'its address is not public'],
    ['intranet.test resolves to a non-public address', 'its address is not public'],
    ['shop.test does not resolve', 'its address was not found'],
    ['the page has no readable text', 'its page has no text we could read'],
  ])('says "%s" as "%s"', (failure, reason) => {
    expect(buyerReason(failure)).toBe(reason);
  });

  it('gives one answer for every failure to connect or read, so no answer tells one port or service from another', () => {
    const failures = [
      'request failed (ECONNREFUSED)',
      'request failed (ECONNRESET)',
      'request failed (HPE_INVALID_CONSTANT)',
      'request failed (EPROTO)',
      'timed out after 2500 ms',
      'HTTP 404',
      'HTTP 503',
      'not an HTML page (application/json)',
      'page larger than 2097152 bytes',
      'more than 3 redirects',
      'redirect without a Location',
      "port 6379 is not a website's (80 or 443)",
      'unsupported content encoding (zstd)',
    ];

    expect(new Set(failures.map(buyerReason))).toEqual(new Set([unreadableSiteReason]));
  });

  it('names the real host in the message the form shows', () => {
    expect(unreadableSiteMessage('example.com')).toBe(
      "We couldn't read example.com; your ad will be made from your photo and the name",
    );
  });
});

describe('the preview cache', () => {
  it('keeps one folder per website under previews/, a hook per style and length', () => {
    const keys = previewKeys('https://alderandash.com/');

    expect(keys.site).toMatch(/^previews\/[0-9a-f]{64}\/site\.json$/);
    expect(keys.hook('ugc', 8)).toBe(keys.site.replace('site.json', 'hook-ugc-8.json'));
    expect(keys.image(1)).toBe(keys.site.replace('site.json', 'site-1.webp'));
    expect(previewKeys('https://other.example/').site).not.toBe(keys.site);
  });

  it(`is fresh for ${generationConfig.preview.cacheMinutes} minutes after the read, and not before it`, () => {
    const readAt = '2026-11-28T10:00:00.000Z';
    const minutesLater = (minutes: number) => new Date(Date.parse(readAt) + minutes * 60_000);

    expect(isFresh(readAt, minutesLater(0))).toBe(true);
    expect(isFresh(readAt, minutesLater(generationConfig.preview.cacheMinutes - 1))).toBe(true);
    expect(isFresh(readAt, minutesLater(generationConfig.preview.cacheMinutes))).toBe(false);
    expect(isFresh(readAt, minutesLater(-1))).toBe(false);
  });
});

describe("the order's storyboard opening with the previewed hook", () => {
  it('says the hook the buyer saw, whatever the writer put there, and keeps the rest', () => {
    const written = board();
    const seen = { text: ['Rated 4.8 by 1,240'], voiceLine: 'Rated four point eight.', emphasis: '4.8' };

    const opened = withOpening(written, seen);

    expect(opened?.scenes[0]).toMatchObject({ role: 'hook', ...seen });
    expect(opened?.scenes.slice(1)).toEqual(written.scenes.slice(1));
    expect(opened?.scenes[0]?.shots).toEqual(written.scenes[0]?.shots);
  });

  it('drops the written emphasis when the hook has none', () => {
    const opened = withOpening(board(), { text: ['Alder & Ash candles'], voiceLine: 'Alder and Ash.' });

    expect(opened?.scenes[0]?.emphasis).toBeUndefined();
  });

  it('refuses a hook that breaks the storyboard rules (too many words for its seconds)', () => {
    const tooLong = { text: ['Too long'], voiceLine: 'one two three four five six seven eight nine ten eleven twelve' };

    expect(withOpening(board(), tooLong)).toBeNull();
  });
});
