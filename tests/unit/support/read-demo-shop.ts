// A demo shop read as the generation reads it, with a reading budget a busy test machine cannot run
// out of: the budget is the reader's guard against hostile pages (hostile-pages.test.ts
// holds it to its figure); the tests that read the demo shops are about what their pages say, and
// with the default 10 s a machine running several suites at once made one read the shop's name only.
import { analyzeWebsite, type WebsiteAnalysis } from '#generation/website/analyze-website.ts';

export const readDemoShop = (url: string): Promise<WebsiteAnalysis> =>
  analyzeWebsite(url, { readingBudgetMs: 120_000 });
