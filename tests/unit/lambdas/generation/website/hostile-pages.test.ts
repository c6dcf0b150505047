// The site reader against the pages made to stall it (tests/fixtures/hostile-pages.ts), each at the
// 2 MB page cap, read as the preview and the AnalyzeWebsite step read: on a worker thread ended at
// a budget. A budget far above a linear read and far below a quadratic one (hours at 2 MB) makes
// "the facts came back" the finding, never a timing; a page read in a budget it cannot meet shows
// that the reader is ended and the ad falls back to the domain.
import { describe, expect, it } from 'vitest';
import { buyerReason } from '#generation/preview/site-preview.ts';
import { analyzeWebsite } from '#generation/website/analyze-website.ts';
import { readingOverBudget, readPageGuarded } from '#generation/website/guarded-reading.ts';
import { hostilePages, pageCapBytes } from '#tests/fixtures/hostile-pages.ts';

const pageUrl = 'https://harbor-coffee.example/';
/** A linear read of 2 MB takes about a second on a busy 2-core machine; the old reader took hours. */
const generousBudgetMs = 60_000;

describe('a hostile page of 2 MB', () => {
  for (const page of hostilePages) {
    it(
      `is read to its facts: ${page.name} (${page.attacks})`,
      async () => {
        const reading = await readPageGuarded(page.build(pageCapBytes), pageUrl, generousBudgetMs);

        expect(reading).toEqual({ facts: expect.objectContaining({ domain: 'harbor-coffee.example' }) });
      },
      generousBudgetMs + 30_000,
    );
  }

  it('read past its budget ends the reader and says so', async () => {
    const page = hostilePages[0]!.build(pageCapBytes);

    // No thread reads 2 MB in a millisecond: the budget is over before the facts can come back.
    expect(await readPageGuarded(page, pageUrl, 1)).toEqual({ failure: readingOverBudget });
    // The reader that was ended leaves the next one able to read.
    expect(await readPageGuarded('<h1>Fresh beans</h1>', pageUrl, generousBudgetMs)).toMatchObject({
      facts: { headline: 'Fresh beans' },
    });
  }, 120_000);

  it("becomes the domain's fallback ad in AnalyzeWebsite, never a failed order", async () => {
    const page = hostilePages[1]!.build(pageCapBytes);

    const analysis = await analyzeWebsite(pageUrl, {
      fetchPage: async (url) => ({ html: page, finalUrl: url }),
      readingBudgetMs: 1,
    });

    expect(analysis).toMatchObject({
      source: 'fallback',
      failure: readingOverBudget,
      businessName: 'Harbor Coffee',
      domain: 'harbor-coffee.example',
    });
  }, 120_000);

  it('is told to the buyer of a preview as a page that took too long to read', () => {
    expect(buyerReason(readingOverBudget)).toBe('its page took too long to read');
  });
});
