// The site's facts as an ad can say them, each once: its headline, its offers, what it sells (the
// product with its price), the product's own rating and review, its claims and its selling points.
// A fact has one on-screen line, whole (never cut); the style's voice says it in its own words
// (style-lines.ts). The hook ladder and the end card pick from here; the writer hands out the rest.
import type { BusinessKind, Claim, ProductCopy, SiteCopy } from './site-copy.ts';

export type Fact =
  /** The site's headline or question, written as a whole line. */
  | { kind: 'headline'; text: string }
  | { kind: 'offer'; text: string }
  /** What is sold, with its price when the site gives one: a price is never said without it. */
  | { kind: 'product'; product: ProductCopy }
  /** The product's own schema.org rating: "4.8 stars from 212 reviews". */
  | { kind: 'rating'; value: string; count?: number }
  /** A quote from the product's own schema.org Review, said as a customer's words. */
  | { kind: 'review'; quote: string }
  | { kind: 'claim'; claim: Claim }
  | { kind: 'benefit'; text: string };

/**
 * The facts in the order a hook tries them (the ladder: the site's headline or question, a concrete
 * offer, a number with its noun — the product's own rating, the product with its price, a claim
 * with its number — then the product's own review), followed by what only the body says.
 */
export function factsOf(copy: SiteCopy): Fact[] {
  const { product } = copy;
  const facts: Fact[] = [
    ...(copy.headline ? [{ kind: 'headline', text: copy.headline } as const] : []),
    ...copy.offers.map((text): Fact => ({ kind: 'offer', text })),
    ...(product?.rating ? [ratingFact(product.rating)] : []),
    ...(product ? [{ kind: 'product', product } as const] : []),
    ...copy.claims.filter((claim) => claim.kind !== 'rating').map((claim): Fact => ({ kind: 'claim', claim })),
    ...(product?.review ? [{ kind: 'review', quote: product.review } as const] : []),
    // A page's own rating claim ("4.9/5 from 2,000 reviews") is proof, never a hook.
    ...copy.claims.filter((claim) => claim.kind === 'rating').map((claim): Fact => ({ kind: 'claim', claim })),
    ...copy.benefits.map((text): Fact => ({ kind: 'benefit', text })),
  ];
  // A clause of the headline read again as a selling point is the headline's fact.
  return facts.filter(
    (fact, index) => !facts.slice(0, index).some((earlier) => sameFact(textOf(earlier), textOf(fact))),
  );
}

/**
 * Whether a fact may open the ad: a rung of the ladder. Not a page's own rating, a selling point,
 * nor a product without its price (a name is not a number with its noun).
 */
export function isHookRung(fact: Fact): boolean {
  if (fact.kind === 'claim') return fact.claim.kind !== 'rating' && /\d/.test(fact.claim.text);
  if (fact.kind === 'product') return fact.product.price !== undefined;
  return fact.kind !== 'benefit';
}

/** The fact's words, as the site gave them. */
export function textOf(fact: Fact): string {
  switch (fact.kind) {
    case 'headline':
    case 'offer':
    case 'benefit':
      return fact.text;
    case 'product':
      return fact.product.price ? `${fact.product.name} ${fact.product.price}` : fact.product.name;
    case 'rating':
      return `${fact.value} stars${fact.count ? ` from ${fact.count} reviews` : ''}`;
    case 'review':
      return fact.quote;
    case 'claim':
      return fact.claim.text;
  }
}

/** The same fact in other words: one's letters inside the other's ("Roasted to order" in the headline). */
export function sameFact(a: string, b: string): boolean {
  // Whole words: a plan called "Team" is not the fact "Loved by 4,000+ teams".
  const [x, y] = [wordRun(a), wordRun(b)];
  return x.trim() !== '' && y.trim() !== '' && (x.includes(y) || y.includes(x));
}

/** The text's letters and digits as space-separated words, padded so that `includes` matches whole words. */
function wordRun(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/**
 * The names a product goes by on the site, longest first: its name, and the same name without the
 * detail in its trailing brackets ("Greek Silver Coin Set (8 coins)" → "Greek Silver Coin Set", the
 * shop's own heading for it). The short name is the site's words, and what a 2 s opening has room for.
 */
export function productNames(name: string): string[] {
  const short = name.replace(/\s*\([^()]*\)\s*$/, '').trim();
  return short && short !== name.trim() ? [name, short] : [name];
}

/** The fact's on-screen line, whole: the renderer wraps it into at most two lines. */
export function screenLineOf(fact: Fact, form: 'plain' | 'stamp' = 'plain'): string {
  switch (fact.kind) {
    case 'headline':
    case 'offer':
    case 'benefit':
      return capitalised(fact.text);
    case 'product': {
      const { name, price } = fact.product;
      // A style that stamps the price beside its product (the callout) shows the name alone.
      return price && form === 'plain' ? `${name} — ${price}` : name;
    }
    case 'rating':
      return textOf(fact);
    case 'review':
      return `“${fact.quote}”`;
    case 'claim':
      return capitalised(fact.claim.text);
  }
}

/** The end card's button: the offer claimed, the product shopped, else the business's verb and name. */
export function ctaLabelOf(
  copy: Pick<SiteCopy, 'name' | 'business' | 'offers' | 'product'>,
  maxChars: number,
): { label: string; namesBrand: boolean } {
  const percent = copy.offers.map((offer) => /(\d{1,2})\s?%/.exec(offer)?.[1]).find(Boolean);
  const freeQuote = copy.offers
    .map((offer) => /free (estimate|quote|consultation|trial)/i.exec(offer)?.[1])
    .find(Boolean);
  const verb = ctaVerbs[copy.business];
  const candidates: { label: string; namesBrand: boolean }[] = [
    ...(freeQuote ? [{ label: `Get your free ${freeQuote.toLowerCase()}`, namesBrand: false }] : []),
    ...(copy.product ? [{ label: `${verb} ${copy.product.name}`, namesBrand: false }] : []),
    ...(percent ? [{ label: `Claim ${percent}% off`, namesBrand: false }] : []),
    { label: `${verb} ${copy.name}`, namesBrand: true },
    { label: `${verb} now`, namesBrand: false },
  ];
  return candidates.find((candidate) => candidate.label.length <= maxChars)!;
}

const ctaVerbs: Record<BusinessKind, string> = { software: 'Try', service: 'Book', shop: 'Shop', other: 'Visit' };

function ratingFact(rating: NonNullable<ProductCopy['rating']>): Fact {
  const value = Number.isInteger(rating.value) ? String(rating.value) : rating.value.toFixed(1);
  return { kind: 'rating', value, ...(rating.count ? { count: rating.count } : {}) };
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
