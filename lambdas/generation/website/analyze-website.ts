// Step 1 of making an ad (docs/design.md "Generation pipeline"): what the buyer's website says about the business. An
// unreachable or empty site gives the domain's facts alone (`source: 'fallback'`): with the
// buyer's photo that makes an ad, without one it fails the order (analyze-website.handler.ts).
import { parsePublicWebsite, withScheme } from '#shared/public-url.ts';
import type { SiteFacts } from './extract-site-facts.ts';
import { fetchPublicPage, type PageFetchResult } from './fetch-public-page.ts';
import { readPageGuarded } from './guarded-reading.ts';
import { businessNameFromDomain, displayDomain, nameFitsDomain } from './site-domain.ts';

export type WebsiteAnalysis = SiteFacts & {
  source: 'site' | 'fallback';
  failure?: string;
  /** When the buyer's preview read these facts (lambdas/generation/preview): its hook is then reused. */
  previewedAt?: string;
};

export interface AnalyzeWebsiteDeps {
  fetchPage?: (url: string) => Promise<PageFetchResult>;
  /** How long reading the fetched page may take before the ad is made from the domain instead. */
  readingBudgetMs?: number;
}

/**
 * The generation's reading budget: a linear read of a 2 MB page takes well under a second on a
 * Lambda; the step's 30 s hold the 8 s fetch, this and the rest with room to spare.
 */
const generationReadingBudgetMs = 10_000;

export async function analyzeWebsite(website: string, deps: AnalyzeWebsiteDeps = {}): Promise<WebsiteAnalysis> {
  const fetchPage = deps.fetchPage ?? fetchPublicPage;
  const url = parsePublicWebsite(website);
  if (!url) return factsFromUrl(website, 'not a public http(s) website');
  try {
    const page = await fetchPage(url.href);
    if ('failure' in page) return factsFromUrl(website, page.failure);
    const reading = await readPageGuarded(page.html, page.finalUrl, deps.readingBudgetMs ?? generationReadingBudgetMs);
    if ('failure' in reading) return factsFromUrl(website, reading.failure);
    const { facts } = reading;
    if (!facts.headline && !facts.description && facts.benefits.length === 0) {
      return factsFromUrl(website, 'the page has no readable text');
    }
    // The buyer's own domain, not wherever it redirected (a shop platform, a locale path).
    const domain = displayDomain(url);
    // A name the page gives that its domain does not bear is not the ad's to say (site-domain.ts).
    const businessName = nameFitsDomain(facts.businessName, domain)
      ? facts.businessName
      : businessNameFromDomain(domain);
    return {
      ...facts,
      businessName,
      domain,
      headline: facts.headline || genericHeadline(businessName),
      source: 'site',
    };
  } catch (error) {
    return factsFromUrl(website, `analysis failed (${(error as Error).message})`);
  }
}

function factsFromUrl(website: string, failure: string): WebsiteAnalysis {
  let domain = '';
  try {
    domain = displayDomain(new URL(withScheme(website)));
  } catch {
    // Not a URL at all: the order form validated it, so this is only a last line of defence.
  }
  const businessName = domain ? businessNameFromDomain(domain) : '';
  return {
    businessName,
    domain,
    headline: genericHeadline(businessName),
    description: '',
    benefits: [],
    source: 'fallback',
    failure,
  };
}

function genericHeadline(businessName: string): string {
  return businessName ? `Discover ${businessName}` : 'Discover something new';
}
