// The site's facts sorted into what an ad can say in each scene: claims (strongest proof first),
// offers, prices, selling points, the noun phrase a question can be built from, and what kind of
// business it is (for the CTA's verb). Facts read before claims and offers were extracted separately
// still yield them: benefits and descriptions are searched with the same patterns.
import type { SiteImage, SiteProduct } from '#generation/website/extract-site-facts.ts';
import {
  type ClaimKind,
  claimKinds,
  findClaim,
  findOffer,
  numbersIn,
  phraseAround,
  tidyPhrase,
} from '#generation/website/fact-patterns.ts';
import type { StoryboardInput } from './writer.ts';

export interface Claim {
  /** The claim in the site's words: "Loved by 4,000+ teams". */
  text: string;
  kind: ClaimKind;
  /** Its core, what a 1.5 s hook can say: "4,000+ teams", "in under 60 minutes", "4.8/5". */
  core: string;
}

export type BusinessKind = 'software' | 'service' | 'shop' | 'other';

/** What the ad sells: the site's first product, in its own schema.org (or visible) words. */
export interface ProductCopy {
  name: string;
  price?: string;
  /** The product's own rating (schema.org AggregateRating), never a page's or a review's number. */
  rating?: { value: number; count?: number; best?: number };
  /** A quote from the product's own schema.org Review: said only as a customer's words. */
  review?: string;
}

export interface SiteCopy {
  /** False when the site could not be read or said nothing: the ad then says only the name. */
  hasFacts: boolean;
  name: string;
  domain: string;
  /** What the business sells, as the headline names it (footage prompts describe it). */
  subject?: string;
  /** The site's headline or question, whole, when it is the site's own words and not just the name. */
  headline?: string;
  product?: ProductCopy;
  claims: Claim[];
  offers: string[];
  prices: string[];
  /** Selling points in the site's words, best first. */
  benefits: string[];
  business: BusinessKind;
  /** The site's images, products first and the logo last (from `images`, else the one `imageUrl`). */
  images: SiteImage[];
  /** Every word the site gave, for checking that a storyboard says nothing else. */
  siteText: string;
}

const maxPhraseChars = 60;
const software =
  /\b(app|software|platform|teams?|workflows?|dashboards?|integrat\w*|sign up|free trial|saas|api|sprints?|automat\w*)\b/i;
const service =
  /\b(book(ing)?|appointments?|call us|estimates?|plumb\w*|clinic|salon|repairs?|dentist\w*|studio|classes|lessons|cleaning|install\w*|licensed|emergency)\b/i;
const shop = /\b(shop|store|cart|shipping|delivery|delivered|order|buy|collection)\b/i;

export function siteCopy(site: StoryboardInput['site']): SiteCopy {
  const name = readable(site.businessName) || readable(site.domain);
  const domain = site.domain.trim() || name;
  const fromSite = site.source !== 'fallback';
  const headline = fromSite && !isMadeUpHeadline(site.headline, site.businessName) ? readable(site.headline) : '';
  const description = fromSite ? readable(site.description) : '';
  const headlineIsName = comparable(headline) === comparable(name);

  // Every phrase the page offered, each sorted as a claim, an offer or a plain selling point.
  const phrases = distinct([
    ...(site.benefits ?? []).map(readable),
    ...clauses(description),
    ...(headlineIsName ? [] : clauses(headline)),
  ]);
  const claims: Claim[] = [];
  const offers = [...(site.offers ?? [])].map(readable);
  const benefits: string[] = [];
  for (const text of [...(site.claims ?? []).map(readable), ...phrases]) {
    const claim = findClaim(text);
    const offer = findOffer(text);
    if (claim)
      claims.push({
        text: phraseAround(text, claim, maxPhraseChars),
        kind: claim.kind,
        core: tidyPhrase(text.slice(claim.index, claim.index + claim.length)),
      });
    else if (offer) offers.push(phraseAround(text, offer, maxPhraseChars));
    else if (phrases.includes(text) && text.length <= maxPhraseChars) benefits.push(text);
  }

  const prices = distinct((site.prices ?? []).map(readable));
  const productFacts = fromSite
    ? (site.products ?? [])
        .slice(0, 1)
        .flatMap((item) => [
          item.name,
          item.price ?? '',
          item.review?.quote ?? '',
          item.rating ? `${item.rating.value} ${item.rating.count ?? ''} ${item.rating.best ?? ''}` : '',
        ])
    : [];
  const allText = [
    name,
    headline,
    description,
    ...site.benefits,
    ...(site.claims ?? []),
    ...offers,
    ...prices,
    ...productFacts,
  ].join(' ');
  const images = site.images ?? (site.imageUrl ? [{ url: site.imageUrl, source: 'og-image' as const }] : []);
  const product = fromSite ? productCopy(site.products?.[0]) : undefined;
  return {
    hasFacts: fromSite && (headline !== '' || description !== '' || phrases.length > 0 || claims.length > 0),
    name,
    domain,
    ...(headline && !headlineIsName ? { subject: firstClause(headline), headline } : {}),
    ...(product ? { product } : {}),
    claims: distinctClaims(claims),
    offers: distinct(offers),
    prices,
    benefits: distinct(benefits),
    business: businessKind(allText, prices.length > 0),
    images,
    siteText: [allText, site.domain, ...images.map((image) => image.description ?? '')].join(' '),
  };
}

function productCopy(product: SiteProduct | undefined): ProductCopy | undefined {
  const name = product ? readable(product.name) : '';
  if (!product || !name) return undefined;
  const price = product.price ? readable(product.price) : '';
  const review = product.review ? readable(product.review.quote) : '';
  return {
    name,
    ...(price ? { price } : {}),
    ...(product.rating && product.rating.value > 0 ? { rating: product.rating } : {}),
    ...(review ? { review } : {}),
  };
}

/** The headline analyze-website makes up for a page without one: not the site's words. */
function isMadeUpHeadline(headline: string, businessName: string): boolean {
  return headline === `Discover ${businessName}` || headline === 'Discover something new';
}

function businessKind(text: string, hasPrices: boolean): BusinessKind {
  if (software.test(text)) return 'software';
  if (service.test(text)) return 'service';
  if (hasPrices || shop.test(text)) return 'shop';
  return 'other';
}

/** Strongest kind first; a claim repeating another's numbers ("Rated 4.8 out of 5 by 1,240") is the same fact. */
function distinctClaims(claims: Claim[]): Claim[] {
  const sorted = [...claims].sort((a, b) => claimKinds.indexOf(a.kind) - claimKinds.indexOf(b.kind));
  const kept: Claim[] = [];
  for (const claim of sorted) {
    const numbers = numbersIn(claim.text);
    const repeats = kept.some((other) => {
      const seen = numbersIn(other.text);
      return numbers.length > 0
        ? numbers.every((number) => seen.includes(number))
        : comparable(other.text) === comparable(claim.text);
    });
    if (!repeats) kept.push(claim);
  }
  return kept;
}

/**
 * A text's sentences and clauses, each short enough to be said in one breath. A comma before a
 * list's tail ("notes of cedarwood, smoke and amber") does not end a clause.
 */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|[;:]\s+|\s+[–—|]\s+/)
    .flatMap((sentence) => sentence.split(/,\s+(?![^,]*\s(?:and|or|&)\s)/))
    .map(tidyPhrase)
    .filter((clause) => clause.split(/\s+/).length >= 2);
}

function firstClause(text: string): string {
  return tidyPhrase(text.split(/(?<=[.!?])\s+|[,;:]\s+|\s+[–—|-]\s+/)[0] ?? text);
}

/** Site text as a line can carry it: no emoji (the caption font has none), no bullets, one space. */
function readable(text: string): string {
  return tidyPhrase(text.replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, '').replace(/[“”"]/g, ''));
}

export function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function distinct(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = comparable(text);
    return key !== '' && !seen.has(key) && seen.add(key);
  });
}
