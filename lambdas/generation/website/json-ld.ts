// The structured data shops and local businesses publish for search engines (schema.org as
// JSON-LD): each product with its name, offer, rating, review, image and description, product
// images, offers and ratings, the organisation's logo. Malformed blocks are skipped; nothing in
// them is trusted beyond being text or a number.
import { DomUtils } from 'htmlparser2';
import type { DomNode } from './page-dom.ts';
import { pagePattern } from './page-patterns.ts';

export interface StructuredRating {
  value: number;
  best: number;
  count?: number;
}

/** A product as schema.org describes it (JSON-LD here, microdata in microdata.ts): raw, not yet tidied. */
export interface StructuredProduct {
  name: string;
  /** `from`: an AggregateOffer's lowest of several prices. */
  offer?: { price: number; currency: string; from?: true };
  rating?: StructuredRating;
  review?: { body: string; author?: string };
  image?: string;
  description?: string;
}

export interface StructuredFacts {
  products: StructuredProduct[];
  productImages: string[];
  logos: string[];
  offers: { price: number; currency: string }[];
  ratings: StructuredRating[];
}

type JsonObject = Record<string, unknown>;

const productTypes = pagePattern(
  /^(Product|ProductGroup|IndividualProduct|Vehicle|Book|SoftwareApplication|Service|Course)$/,
);
const organizationTypes = pagePattern(
  /^(Organization|Corporation|LocalBusiness|Store|OnlineStore|Restaurant|ProfessionalService|HomeAndConstructionBusiness|Plumber|Electrician|HVACBusiness|\w+Business|\w+Store|Brand)$/,
);
const currencyCode = pagePattern(/^[A-Z]{3}$/);
const maxNodes = 500;
/** A text value is read up to this length: the longest fact made from one (a review quote) is far shorter. */
const maxTextChars = 2_000;
const spaceRuns = pagePattern(/\s+/g);

/** Whether a schema.org type name (or an itemtype URL's last part) is a kind of product. */
export function isProductType(type: string): boolean {
  return productTypes.test(type);
}

export function readStructuredData(nodes: DomNode[]): StructuredFacts {
  const facts: StructuredFacts = { products: [], productImages: [], logos: [], offers: [], ratings: [] };
  for (const item of jsonLdItems(nodes)) {
    const types = asArray(item['@type']).filter((type): type is string => typeof type === 'string');
    const isProduct = types.some((type) => productTypes.test(type));
    if (isProduct) {
      facts.productImages.push(...imageUrls(item.image));
      facts.offers.push(...offersOf(item.offers));
      const product = productOf(item);
      if (product) facts.products.push(product);
    }
    if (types.some((type) => organizationTypes.test(type))) facts.logos.push(...imageUrls(item.logo));
    if (isProduct || types.some((type) => organizationTypes.test(type))) {
      const rating = ratingOf(item.aggregateRating);
      if (rating) facts.ratings.push(rating);
    }
  }
  return facts;
}

/** Every object in every JSON-LD block, @graph and nested values included, up to a bound. */
function jsonLdItems(nodes: DomNode[]): JsonObject[] {
  const scripts = DomUtils.getElementsByTagName('script', nodes, true).filter(
    (script) => script.attribs.type?.trim().toLowerCase() === 'application/ld+json',
  );
  const items: JsonObject[] = [];
  const visit = (value: unknown, depth: number) => {
    if (items.length >= maxNodes || depth > 6) return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    items.push(value);
    for (const [key, entry] of Object.entries(value)) {
      // A product's offers and ratings are read with the product; anything else may hold more items.
      if (key === '@graph' || key === 'mainEntity' || key === 'itemListElement' || key === 'item' || key === 'brand') {
        visit(entry, depth + 1);
      }
    }
  };
  for (const script of scripts) {
    try {
      visit(JSON.parse(DomUtils.textContent(script)), 0);
    } catch {
      // A malformed block is the page's problem; the rest of the page still counts.
    }
  }
  return items;
}

function productOf(item: JsonObject): StructuredProduct | undefined {
  const name = textOf(item.name);
  if (!name) return undefined;
  const offer = productOffer(item.offers);
  const rating = ratingOf(item.aggregateRating);
  const review = asArray(item.review)
    .map(reviewOf)
    .find((found) => found !== undefined);
  const image = imageUrls(item.image)[0];
  const description = textOf(item.description);
  return structuredProduct(name, { offer, rating, review, image, description });
}

/** A product with only the fields the page gave (JSON-LD and microdata read the same fields). */
export function structuredProduct(
  name: string,
  fields: { [Field in Exclude<keyof StructuredProduct, 'name'>]: StructuredProduct[Field] | '' | undefined },
): StructuredProduct {
  const product: StructuredProduct = { name };
  for (const [field, value] of Object.entries(fields)) {
    if (value) Object.assign(product, { [field]: value });
  }
  return product;
}

/** The product's price: its first offer's, or an AggregateOffer's lowest ("from") when its prices differ. */
function productOffer(value: unknown): StructuredProduct['offer'] {
  for (const offer of asArray(value)) {
    if (!isObject(offer)) continue;
    const [found] = offersOf(offer);
    if (!found) continue;
    const low = toNumber(offer.lowPrice);
    const high = toNumber(offer.highPrice);
    const range = offer.price === undefined && low !== undefined && (high === undefined || high > low);
    return range ? { ...found, from: true } : found;
  }
  return undefined;
}

function reviewOf(value: unknown): StructuredProduct['review'] {
  if (!isObject(value)) return undefined;
  const body = textOf(value.reviewBody) || textOf(value.description);
  if (!body) return undefined;
  const author = textOf(value.author) || (isObject(value.author) ? textOf(value.author.name) : '');
  return { body, ...(author ? { author } : {}) };
}

/** A string value, whitespace collapsed and cut long before any limit a fact has; '' for anything else. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, maxTextChars).replace(spaceRuns, ' ').trim() : '';
}

function imageUrls(value: unknown): string[] {
  return asArray(value).flatMap((image) => {
    if (typeof image === 'string') return [image];
    if (isObject(image) && typeof (image.url ?? image.contentUrl) === 'string') {
      return [(image.url ?? image.contentUrl) as string];
    }
    return [];
  });
}

function offersOf(value: unknown): StructuredFacts['offers'] {
  return asArray(value).flatMap((offer) => {
    if (!isObject(offer)) return [];
    const price = toNumber(offer.price ?? offer.lowPrice);
    const currency = typeof offer.priceCurrency === 'string' ? offer.priceCurrency.trim().toUpperCase() : '';
    if (price === undefined || price <= 0 || !currencyCode.test(currency)) {
      return isObject(offer.priceSpecification) ? offersOf(offer.priceSpecification) : [];
    }
    return [{ price, currency }];
  });
}

/** A schema.org AggregateRating (an object with ratingValue, bestRating, reviewCount or ratingCount), if it is one. */
export function ratingOf(value: unknown): StructuredRating | undefined {
  if (!isObject(value)) return undefined;
  const rating = toNumber(value.ratingValue);
  const best = toNumber(value.bestRating) ?? 5;
  const count = toNumber(value.reviewCount) ?? toNumber(value.ratingCount);
  if (rating === undefined || rating <= 0 || rating > best) return undefined;
  return { value: rating, best, ...(count && count >= 1 ? { count: Math.floor(count) } : {}) };
}

function toNumber(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
