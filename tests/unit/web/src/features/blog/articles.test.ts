// The blog's 17 articles (docs/product.md "Screens and routes"): each exists, its front matter is complete, its
// reading time is what its length says, its calls to action and links go only where the spec
// allows, and its numbers agree with the product.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import { deliverySeconds, typicalDeliveryWords } from '#shared/delivery-time.ts';
import { anchors, blogSlugs, paths } from '#shared/paths.ts';
import { otherDeliveryTimes, unfilledToken } from '#tests/fixtures/delivery-claims.ts';
import {
  type Article,
  countWords,
  loadArticles,
  parseArticle,
  splitFrontMatter,
  wordsPerMinute,
} from '#web/features/blog/articles.ts';

const articles = loadArticles();
const bySlug = new Map(articles.map((article) => [article.slug, article]));
const hrefsOf = (article: Article) =>
  [...article.html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1] ?? '');
const textOf = (article: Article) =>
  article.html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The spec's labels for the primary (→ /#pricing) and secondary (→ /#examples or /) calls to action. */
const primaryLabels = [
  'Get Started Now',
  'Start Creating Videos',
  'Try AI Video Generation',
  'Start Saving Money',
  'Generate Your First UGC Ad',
  'Create Your First UGC Ad',
  'Generate Your First AI UGC Ad',
  'Create Your TikTok Ad Now',
  'Start Creating Product Videos',
  'Generate Your First $5 UGC Ad',
  'Create Your First Ad for $5',
  'Get Your First Ad for $5',
  `Try ${config.brand.name}`,
  `Start with ${config.brand.name} - $5`,
];
const allowedHrefs = new Set([
  `/#${anchors.pricing}`,
  `/#${anchors.examples}`,
  `/#${anchors.faq}`,
  paths.home,
  paths.terms,
  ...blogSlugs.map((slug) => paths.blogPost(slug)),
]);

describe('the blog articles', () => {
  it('has one article per slug of the spec, in web/content/blog', () => {
    expect(articles.map((article) => article.slug)).toEqual([...blogSlugs]);
  });

  it('keeps the spec’s six given reading times', () => {
    expect({
      'how-to-create-ai-video-ads-that-convert': bySlug.get('how-to-create-ai-video-ads-that-convert')?.readingMinutes,
      'ai-video-reelfive-complete-guide': bySlug.get('ai-video-reelfive-complete-guide')?.readingMinutes,
      'video-advertising-best-practices-social-media': bySlug.get('video-advertising-best-practices-social-media')
        ?.readingMinutes,
      'best-ugc-creators-guide': bySlug.get('best-ugc-creators-guide')?.readingMinutes,
      'ugc-vs-traditional-advertising-cost-comparison': bySlug.get('ugc-vs-traditional-advertising-cost-comparison')
        ?.readingMinutes,
      'ai-replacing-ugc-creators': bySlug.get('ai-replacing-ugc-creators')?.readingMinutes,
    }).toEqual({
      'how-to-create-ai-video-ads-that-convert': 8,
      'ai-video-reelfive-complete-guide': 10,
      'video-advertising-best-practices-social-media': 12,
      'best-ugc-creators-guide': 11,
      'ugc-vs-traditional-advertising-cost-comparison': 13,
      'ai-replacing-ugc-creators': 14,
    });
  });

  it.each(articles)('$slug: its reading time is within a minute of its length at 230 words a minute', (article) => {
    const estimate = article.wordCount / wordsPerMinute;
    expect(article.readingMinutes).toBeGreaterThanOrEqual(8);
    expect(article.readingMinutes).toBeLessThanOrEqual(15);
    expect(Math.abs(article.readingMinutes - estimate)).toBeLessThanOrEqual(1);
  });

  it.each(articles)('$slug: published in January 2025, updated only later', (article) => {
    expect(article.datePublished).toMatch(/^2025-01-(0[1-9]|[12]\d|3[01])$/);
    if (article.dateModified) expect(article.dateModified > article.datePublished).toBe(true);
  });

  it.each(articles)('$slug: its calls to action use the spec’s labels', (article) => {
    expect(primaryLabels).toContain(article.cta.primary);
    expect(['See Examples', 'See Quality Examples', 'View Examples']).toContain(article.cta.secondary);
  });

  it.each(articles)('$slug: every link goes to an allowed page of this site', (article) => {
    const hrefs = hrefsOf(article);
    expect(hrefs.filter((href) => !allowedHrefs.has(href))).toEqual([]);
    expect(hrefs).not.toContain(article.path);
  });

  it.each(articles)('$slug: its related articles exist and are others', (article) => {
    for (const slug of article.related) {
      expect(bySlug.has(slug)).toBe(true);
      expect(slug).not.toBe(article.slug);
    }
  });

  it.each(articles)('$slug: its numbers agree with the product', (article) => {
    const text = textOf(article);
    // docs/spec-deviations.md: the spec's "$30 per video" and "2-5 minutes" claims are not repeated.
    expect(text).not.toMatch(/\$30 (per|a|an) (video|ad)/i);
    expect(text).not.toMatch(/\b2\s*[-–—to]+\s*5 minutes\b/i);
    // Prices of our ads are $5: no other price is put on a ReelFive ad.
    expect(text).not.toMatch(new RegExp(`${config.brand.name} (costs|charges) \\$(?!5\\b)`, 'i'));
    // Lengths: 4, 8 or 12 seconds; never a 15/30/60-second ReelFive ad.
    expect(text).not.toMatch(new RegExp(`${config.brand.name}[^.]{0,40}\\b(15|30|60)-second ad`, 'i'));
  });

  // Every ad has an AI voice-over and original, synthesized music (docs/design.md "Generation pipeline").
  it.each(articles)('$slug: says truthfully what makes a ReelFive ad', (article) => {
    const brand = config.brand.name;
    const untrue = [
      /\bno voice-?over\b|\bwithout (a )?voice-?over\b|(avatars|presenters),? (or|and) voice-?over/i,
      /music bed (is )?generated|generated music bed|motion background|a few hundred KB/i,
      new RegExp(`${brand}[^.]*\\blicensed music\\b`, 'i'),
      // The pack is 1080 wide at most (shared/ad-formats.ts): nothing finer is promised.
      new RegExp(`${brand} (outputs|delivers|renders|makes) (4K|2160)`, 'i'),
    ];
    const sentences = textOf(article).split(/(?<=[.!?])\s+/);
    expect(sentences.filter((sentence) => untrue.some((claim) => claim.test(sentence)))).toEqual([]);
  });

  it.each(articles)('$slug: states no delivery time but the stage’s, and no token is left unfilled', (article) => {
    expect(otherDeliveryTimes(textOf(article), deliverySeconds())).toEqual([]);
    expect(article.html).not.toMatch(unfilledToken);
  });

  it('says the delivery time from the stage’s figure, wherever an article tells the time', () => {
    const telling = articles.filter((article) => textOf(article).includes(typicalDeliveryWords(deliverySeconds())));
    expect(telling.length).toBeGreaterThanOrEqual(16);
    // A stage whose ads take three minutes: the same articles say so, and nothing else.
    const slower = loadArticles(undefined, 180);
    for (const article of slower.filter((each) => telling.some((told) => told.slug === each.slug))) {
      expect(textOf(article), article.slug).toMatch(/\b[Aa]bout 3 minutes\b/);
      expect(textOf(article), article.slug).not.toMatch(/about a minute/i);
      expect(otherDeliveryTimes(textOf(article), 180), article.slug).toEqual([]);
    }
  });

  it('dates the articles that describe the voiced ad as updated', () => {
    const describing = articles.filter((article) => /AI voice|voice-over/i.test(textOf(article)));
    expect(describing.length).toBeGreaterThanOrEqual(15);
    for (const article of describing) expect((article.dateModified ?? '') >= '2026-11-25', article.slug).toBe(true);
  });

  it('says plainly, wherever Sora 2 is discussed, that its API was shut down in September 2026', () => {
    const aboutSora = articles.filter((article) => /sora/i.test(article.title));
    expect(aboutSora.map((article) => article.slug).sort()).toEqual([
      'best-sora-2-alternative-video-ads',
      'cheap-sora-2-alternative',
      'how-to-use-sora-2-for-video-ads',
      'sora-2-vs-reelfive-comparison',
    ]);
    for (const article of aboutSora) {
      expect(article.dateModified, article.slug).toBeDefined();
      expect(textOf(article), article.slug).toMatch(
        /shut( it)? (down|off)[^.]*September 2026|September 2026[^.]*shut (down|off)/i,
      );
    }
  });

  it('says that TikTok in-feed ads need at least 5 seconds where it advises on TikTok ad length', () => {
    const text = textOf(bySlug.get('tiktok-ad-maker') as Article);
    expect(text).toMatch(/5 seconds/);
  });
});

describe('reading the Markdown files', () => {
  it('counts words as wc -w does', () => {
    expect(countWords('  One two\nthree —  four\n\n')).toBe(5);
  });

  it('refuses a file without front matter', () => {
    expect(() => splitFrontMatter('# Just a heading\n')).toThrow(/no front matter/);
  });

  it('fills the delivery token before counting words, capitalised at the start of a sentence', () => {
    const source = (body: string) =>
      `---\n${readFileSync(new URL('../../../../../../web/content/blog/tiktok-ad-maker.md', import.meta.url), 'utf8')
        .split('\n---\n')[0]
        ?.slice(4)}\n---\n${body}`;
    const article = parseArticle('tiktok-ad-maker', source('Ready in {{delivery}}. {{Delivery}}, often.\n'), 60);
    expect(article.html).toBe('<p>Ready in about a minute. About a minute, often.</p>\n');
    expect(article.wordCount).toBe(countWords('Ready in about a minute. About a minute, often.'));
    expect(parseArticle('tiktok-ad-maker', source('In {{delivery}}.\n'), 300).html).toBe(
      '<p>In about 5 minutes.</p>\n',
    );
  });

  it('refuses an unknown token, naming the file', () => {
    expect(() => parseArticle('tiktok-ad-maker', '---\ntitle: "x"\n---\nIn {{deliveryTime}}.\n')).toThrow(
      /tiktok-ad-maker\.md: unknown token \{\{deliveryTime\}\}/,
    );
  });

  it('names the file and the broken field when the front matter is wrong', async () => {
    const source = '---\ntitle: "Short"\n---\nBody\n';
    expect(() => parseArticle('tiktok-ad-maker', source)).toThrow(/tiktok-ad-maker\.md[\s\S]*title/);
  });
});
