// The page's claims ("4.9/5 from 2,000 reviews", "10,000+ customers", "in 2 minutes"), offers
// ("20% off", "free shipping over $50") and prices ("$29", "€19.99/month"), each in the page's own
// words, so an ad can say them and nothing else. Menus, footers, forms and cookie banners never count.

import {
  claimKinds,
  findClaim,
  findOffer,
  maxPriceTextChars,
  numbersIn,
  pricePattern,
  priceTagPattern,
  tidyPhrase,
  wholeLineAround,
} from './fact-patterns.ts';
import type { StructuredFacts, StructuredRating } from './json-ld.ts';
import { classAndId, closest, comparable, type DomElement, isNoise } from './page-dom.ts';
import { pagePattern } from './page-patterns.ts';

const factLimits = { claims: 5, offers: 3, prices: 3 } as const;
/** The longest claim or offer kept: a line an ad can show and say whole (a benefit's limit too). */
export const maxFactChars = 80;

const priceNames = pagePattern(/price|amount|cost/i);
/** Other products' cards: their prices are not this page's. */
const otherProductNames = pagePattern(/related|recommend|also-like|upsell|cross-sell|recently/i);
const soloWords = pagePattern(/^(?:only|just|now)\s+/i);
const fromWords = pagePattern(/^(?:from|starting at)\s+/i);
// Prices are tidied (one space at most), so the slash's spaces are bounded.
const perSlash = pagePattern(/ ?\/ ?/);
const zeroCents = pagePattern(/[.,]00\b/);
// Sentences, split only where a space follows the stop: "4.9" and "2,000" stay whole. Blocks are
// collapsed (one space between words), so a separator's spaces are single.
const sentenceBreaks = pagePattern(/(?<=[.!?]) | [|•·] /);
const currencySymbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CAD: 'CA$', AUD: 'A$' };

export type Block = { element: DomElement; text: string };

export function findClaims(blocks: Block[], structured: StructuredFacts): string[] {
  const rated = structured.ratings.map(ratingClaim);
  const found = copyBlocks(blocks)
    .flatMap(({ text }) => sentences(text))
    .flatMap((sentence) => {
      const claim = findClaim(sentence);
      const line = claim && wholeLineAround(sentence, claim, maxFactChars);
      return claim && line ? [{ kind: claim.kind, text: line }] : [];
    })
    // Strongest proof first; within a kind, the page's order.
    .sort((a, b) => claimKinds.indexOf(a.kind) - claimKinds.indexOf(b.kind))
    .map((claim) => claim.text);
  return distinctFacts([...rated, ...found]).slice(0, factLimits.claims);
}

export function findOffers(blocks: Block[]): string[] {
  const found = copyBlocks(blocks).flatMap(({ text }) =>
    sentences(text).flatMap((sentence) => {
      const offer = findOffer(sentence);
      const line = offer && wholeLineAround(sentence, offer, maxFactChars);
      return line ? [line] : [];
    }),
  );
  return distinct(found).slice(0, factLimits.offers);
}

/**
 * Prices the page states as prices: structured offers, a product's price meta tags, then price
 * tags (an element named for a price, or a block that is only a price). A figure inside a sentence
 * ("free shipping over $50") is a threshold, not a price, so it is not one.
 */
export function findPrices(blocks: Block[], meta: Map<string, string>, structured: StructuredFacts): string[] {
  const metaPrice = Number(meta.get('product:price:amount') ?? meta.get('og:price:amount') ?? Number.NaN);
  const metaCurrency = (meta.get('product:price:currency') ?? meta.get('og:price:currency') ?? '').toUpperCase();
  const structuredPrices = [
    ...structured.offers,
    ...(metaPrice > 0 && metaCurrency ? [{ price: metaPrice, currency: metaCurrency }] : []),
  ].map(({ price, currency }) => formatPrice(price, currency));
  const ownBlocks = copyBlocks(blocks).filter(({ element }) => !closest(element, isOtherProductCard));
  const tagged = ownBlocks.flatMap((block) => {
    const price = priceTagOf(block);
    return price ? [price] : [];
  });
  return distinct([...structuredPrices, ...tagged]).slice(0, factLimits.prices);
}

/**
 * The price a block states as a price tag (a block that is only a price, a short one in an
 * element named for a price, or one in such an element that opens with its price: "$240 for 50
 * invitations, envelopes included"), written as a buyer reads it: "Only $19.99" is $19.99;
 * "Starting at $12" is from $12, which a writer must not turn into "only".
 */
export function priceTagOf({ element, text }: Block): string | undefined {
  const tag = tidyPhrase(text);
  const named = closest(element, isPriceContainer) !== undefined;
  const price = priceTagPattern.test(tag)
    ? tag
    : named && text.length <= maxPriceTextChars
      ? pricePattern.exec(text)?.[0]
      : named
        ? leadingPrice(tag)
        : undefined;
  return price
    ? tidyPhrase(price).replace(soloWords, '').replace(fromWords, 'from ').replace(perSlash, '/').replace(zeroCents, '')
    : undefined;
}

/** The price a long text opens with, searched in its first `maxPriceTextChars` only. */
function leadingPrice(text: string): string | undefined {
  const found = pricePattern.exec(text.slice(0, maxPriceTextChars));
  return found?.index === 0 ? found[0] : undefined;
}

function isOtherProductCard(element: DomElement): boolean {
  return otherProductNames.test(classAndId(element));
}

function isPriceContainer(element: DomElement): boolean {
  return priceNames.test(element.attribs.class ?? '') || element.attribs.itemprop === 'price';
}

/** "$29", "€19.99", "120 CHF": as a shop writes it, without ".00". */
export function formatPrice(price: number, currency: string): string {
  const fractionDigits = Number.isInteger(price) ? 0 : 2;
  const grouped = price.toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  const symbol = currencySymbols[currency];
  return symbol ? `${symbol}${grouped}` : `${grouped} ${currency}`;
}

function ratingClaim(rating: StructuredRating): string {
  const value = `${Math.round(rating.value * 10) / 10}/${rating.best}`;
  return rating.count ? `${value} from ${rating.count.toLocaleString('en-US')} reviews` : `Rated ${value}`;
}

function copyBlocks(blocks: Block[]): Block[] {
  return blocks.filter(({ element }) => !isNoise(element));
}

function sentences(text: string): string[] {
  return text.split(sentenceBreaks).filter(Boolean);
}

/** A claim whose numbers another stronger claim already gave ("Rated 4.8 out of 5 by 1,240") is that claim again. */
function distinctFacts(claims: string[]): string[] {
  const kept: string[] = [];
  for (const claim of distinct(claims)) {
    const numbers = numbersIn(claim);
    if (numbers.length === 0 || !kept.some((other) => numbers.every((number) => numbersIn(other).includes(number)))) {
      kept.push(claim);
    }
  }
  return kept;
}

function distinct(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = comparable(text);
    return key !== '' && !seen.has(key) && seen.add(key);
  });
}
