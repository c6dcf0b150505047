// What the site sells, each product with only its own facts: its price, its schema.org rating and
// review, its image and a line on what it is. Read from schema.org first (JSON-LD, then
// microdata), then Open Graph's product tags, then the visible page (a product card: a heading with
// its price right after it). A price is never taken from elsewhere on the page, a rating only from
// the product's own AggregateRating, a quote only from its own Review; the visible page's review,
// comment and third-party sections never make a product (third-party-sections.ts).
import { leadingSentences } from './fact-patterns.ts';
import type { StructuredProduct } from './json-ld.ts';
import type { MicrodataProduct } from './microdata.ts';
import {
  absoluteHttpUrl,
  collapse,
  comparable,
  type DomElement,
  type DomNode,
  isChrome,
  isElement,
  isGenericHeading,
  isNoise,
} from './page-dom.ts';
import { pagePattern } from './page-patterns.ts';
import { type Block, formatPrice, priceTagOf } from './site-claims.ts';
import { inThirdPartySection } from './third-party-sections.ts';

export interface SiteProduct {
  /** As the page names it: "House Blend", "Yamaha XS400". ≤ 60 chars, a whole name, never a fragment. */
  name: string;
  /** As a buyer reads it, with its currency: "$16", "$4,200", "€19.99". */
  price?: string;
  /** Only from schema.org AggregateRating of this product: { value: 4.8, count: 212, best: 5 }. */
  rating?: { value: number; count?: number; best?: number };
  /** Only from this product's own schema.org Review (reviewBody): a customer's words, ≤ 120 chars, whole sentence(s). */
  review?: { quote: string; author?: string };
  /** The product's own image: absolute http(s) URL. */
  imageUrl?: string;
  /** One line on what it is, from the product's description. ≤ 120 chars, whole sentence. */
  description?: string;
}

export const productLimits = { products: 3, name: 60, quote: 120, author: 60, description: 120 } as const;

/** Products looked at per source: three are kept, and merging compares each with the others. */
const maxCandidates = 12;
const headingTags = new Set(['h1', 'h2', 'h3', 'h4']);
/** How far up a card's heading and its price may each sit below the element that holds them both. */
const cardDepth = 3;
const letter = pagePattern(/\p{L}/u);
// The title is collapsed (one space between words), so a separator's spaces are single.
const titleSeparators = pagePattern(/ [|\-—–·] /);
const leadingArticle = pagePattern(/^the\s+/i);

/** A product as found, its price already written as a buyer reads it. */
type FoundProduct = Omit<StructuredProduct, 'offer'> & { price?: string };

export interface ProductSources {
  /** JSON-LD's products (json-ld.ts). */
  structured: StructuredProduct[];
  microdata: MicrodataProduct[];
  /** <meta> content by name and property (lower-cased). */
  meta: Map<string, string>;
  /** The page's text blocks, third-party ones already left out. */
  blocks: Block[];
  base: URL;
  /**
   * The URLs of the images the reader found usable (site-images.ts): a product's image is one of
   * them, so it is a format the renderer decodes and one the preview has cleaned.
   */
  imageUrls: string[];
  businessName: string;
  /** The page's main heading: the product it names is the page's main product. */
  headline: string;
}

/** What the site sells, the page's main product first, at most three. */
export function findProducts(sources: ProductSources): SiteProduct[] {
  const schemaProducts = [
    ...sources.structured,
    ...sources.microdata.filter(({ element }) => !inThirdPartySection(element)).map(({ product }) => product),
    ...openGraphProduct(sources.meta, sources.businessName),
  ];
  const found = [...schemaProducts.slice(0, maxCandidates).map(withWrittenPrice), ...productCards(sources.blocks)];
  const usable = new Set(sources.imageUrls);
  const products = merged(
    found
      .flatMap((product) => siteProduct(product, sources.base))
      .map(({ imageUrl, ...product }) => (imageUrl && usable.has(imageUrl) ? { ...product, imageUrl } : product)),
  );
  const headline = comparable(sources.headline);
  const isMain = (product: SiteProduct) => headline.includes(comparable(product.name));
  return [...products.filter(isMain), ...products.filter((product) => !isMain(product))].slice(
    0,
    productLimits.products,
  );
}

/** A product page's Open Graph tags: og:type "product" or a product:price tag, named by og:title. */
function openGraphProduct(meta: Map<string, string>, businessName: string): StructuredProduct[] {
  const amount = meta.get('product:price:amount') ?? meta.get('og:price:amount');
  const currency = (meta.get('product:price:currency') ?? meta.get('og:price:currency') ?? '').toUpperCase();
  if (meta.get('og:type')?.toLowerCase() !== 'product' && amount === undefined) return [];
  // "Yamaha XS400 – Redline Moto" names the product once the shop's name is taken out.
  const name = (meta.get('og:title') ?? '')
    .split(titleSeparators)
    .filter((part) => comparable(part) !== comparable(businessName))
    .join(' - ');
  const price = Number(amount ?? Number.NaN);
  const image = meta.get('og:image:secure_url') ?? meta.get('og:image');
  const description = meta.get('og:description');
  return [
    {
      name,
      ...(price > 0 && currency.length === 3 ? { offer: { price, currency } } : {}),
      ...(image ? { image } : {}),
      ...(description ? { description } : {}),
    },
  ];
}

/**
 * Products the visible page shows as cards: a heading followed, before any other heading, by a
 * price tag, the two close together in the page's tree (a shared container at most three levels
 * above each). One pass over the blocks, a few parent steps per price: linear in the page.
 */
function productCards(blocks: Block[]): FoundProduct[] {
  const cards: FoundProduct[] = [];
  let heading: Block | undefined;
  for (const block of blocks) {
    if (isNoise(block.element)) continue;
    if (headingTags.has(block.element.name)) {
      heading = isChrome(block.element) ? undefined : block;
      continue;
    }
    const price = heading && priceTagOf(block);
    if (!heading || !price || !areClose(heading.element, block.element)) continue;
    // "The Classic Invitation Suite" heads the card; the product is "Classic Invitation Suite"
    // (a writer says "Our Classic Invitation Suite", never "Our The …").
    cards.push({ name: heading.text.replace(leadingArticle, ''), price });
    if (cards.length === maxCandidates) break;
    heading = undefined;
  }
  return cards;
}

function areClose(heading: DomElement, price: DomElement): boolean {
  const above = ancestors(heading);
  return ancestors(price).some((element) => above.includes(element));
}

function ancestors(element: DomElement): DomElement[] {
  const found: DomElement[] = [];
  for (let current = element.parent as DomNode | null; current && found.length < cardDepth; current = current.parent) {
    if (!isElement(current)) break;
    found.push(current);
  }
  return found;
}

/** A found product as the facts hold it, or nothing when its name is not a whole, short name. */
function siteProduct(found: FoundProduct, base: URL): SiteProduct[] {
  const name = collapse(found.name);
  if (name.length < 2 || name.length > productLimits.name || !letter.test(name) || isGenericHeading(name)) return [];
  const { price } = found;
  const quote =
    found.review && !found.review.body.includes('<')
      ? leadingSentences(collapse(found.review.body), productLimits.quote)
      : '';
  const author = found.review?.author ? collapse(found.review.author) : '';
  const imageUrl = found.image ? absoluteHttpUrl(found.image, base) : undefined;
  // A text holding markup is an HTML fragment pasted into the data, not a line to quote.
  const description =
    found.description && !found.description.includes('<')
      ? leadingSentences(collapse(found.description), productLimits.description, 1)
      : '';
  return [
    {
      name,
      ...(price ? { price } : {}),
      ...(found.rating ? { rating: found.rating } : {}),
      ...(quote ? { review: { quote, ...(author && author.length <= productLimits.author ? { author } : {}) } } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      ...(description ? { description } : {}),
    },
  ];
}

function withWrittenPrice({ offer, ...product }: StructuredProduct): FoundProduct {
  if (!offer) return product;
  const price = formatPrice(offer.price, offer.currency);
  return { ...product, price: offer.from ? `from ${price}` : price };
}

/**
 * One entry per product, the first source's facts first, the others filling what it lacks. Two
 * entries are one product when their names match, or when one name holds the other and their
 * prices agree ("Yamaha XS400" in the share tags, "1978 Yamaha XS400" on the page, both $4,200).
 */
function merged(products: SiteProduct[]): SiteProduct[] {
  const kept: SiteProduct[] = [];
  for (const product of products) {
    const index = kept.findIndex((known) => isSameProduct(known, product));
    if (index < 0) kept.push(product);
    else kept[index] = { ...product, ...kept[index] };
  }
  return kept;
}

function isSameProduct(a: SiteProduct, b: SiteProduct): boolean {
  const [keyA, keyB] = [comparable(a.name), comparable(b.name)];
  if (keyA === keyB) return true;
  return a.price !== undefined && a.price === b.price && (keyA.includes(keyB) || keyB.includes(keyA));
}
