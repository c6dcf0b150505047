// The content check's corpus (tests/content-check/corpus.ts) through the real site reader and the
// digest the product sends, judged by the twin's classifier (the stand-in answers with exactly
// this; the contract test proves the wire): each page's verdict, its business name, and that no
// third-party section becomes a claim, an offer, a benefit or the ad's hook.
import { describe, expect, it } from 'vitest';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { analyzeWebsite } from '#generation/website/analyze-website.ts';
import { contentCheckText } from '#generation/website/content-check.ts';
import { classifyContent } from '#local/content-guardrail/classifier.ts';
import { categoryOfTopic, prohibitedCategories } from '#shared/prohibited-content.ts';
import { type CorpusPage, corpus } from '#tests/content-check/corpus.ts';

async function read(page: CorpusPage) {
  const url = `https://${page.host}/`;
  return analyzeWebsite(url, { fetchPage: async () => ({ finalUrl: url, html: page.html }) });
}

function localVerdict(text: string): string {
  const [topic] = classifyContent(text).topics;
  return topic ? (categoryOfTopic(topic)?.id ?? topic) : 'pass';
}

describe('the content-check corpus', () => {
  it('has impersonation, every prohibited category, third-party sections and honest shops (25+ pages)', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25);
    for (const category of prohibitedCategories) {
      expect(corpus.some((page) => page.expected === category.id)).toBe(true);
    }
    expect(corpus.filter((page) => page.neverClaimed).length).toBeGreaterThanOrEqual(5);
    expect(corpus.filter((page) => page.expected === 'pass').length).toBeGreaterThanOrEqual(12);
    expect(new Set(corpus.map((page) => page.host)).size).toBe(corpus.length);
  });

  it.each(corpus.map((page) => [page.host, page] as const))('judges %s as expected', async (_host, page) => {
    const site = await read(page);
    const verdict = localVerdict(contentCheckText(site));

    if (page.localClassifierMiss) expect(verdict).not.toBe(page.expected);
    else expect(verdict).toBe(page.expected);
  });

  it.each(corpus.filter((page) => page.businessName).map((page) => [page.host, page] as const))(
    'names %s as its domain allows',
    async (_host, page) => {
      expect((await read(page)).businessName).toBe(page.businessName);
    },
  );

  it.each(corpus.filter((page) => page.neverClaimed).map((page) => [page.host, page] as const))(
    'never takes the third-party sections of %s as its claims, offers, benefits or hook',
    async (_host, page) => {
      const site = await read(page);
      const hook = writeTemplateStoryboard({
        site,
        order: { style: 'direct-response', durationSeconds: 8, uploadKey: null },
      }).scenes[0];
      const said = [
        site.headline,
        site.description,
        ...site.benefits,
        ...(site.claims ?? []),
        ...(site.offers ?? []),
        ...(site.prices ?? []),
        ...(hook?.text ?? []),
        hook?.voiceLine ?? '',
      ].join('\n');

      for (const text of page.neverClaimed ?? []) expect(said).not.toContain(text);
    },
  );
});
