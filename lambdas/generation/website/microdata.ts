// Products a page describes with schema.org microdata (itemscope itemtype=".../Product" and
// itemprop=name, price, priceCurrency, ratingValue, reviewCount, reviewBody…), read into the shape
// JSON-LD's products have (json-ld.ts). The page is walked once: each itemprop belongs to the
// nearest itemscope above it, only the first value of a property counts, and each value is read
// with a bounded walk (page-dom.ts), so reading stays linear in the page.

import { isProductType, ratingOf, type StructuredProduct, structuredProduct } from './json-ld.ts';
import { type DomElement, type DomNode, isElement, shortVisibleText } from './page-dom.ts';
import { pagePattern } from './page-patterns.ts';

interface MicrodataItem {
  types: string[];
  element: DomElement;
  properties: Map<string, MicrodataValue>;
}
type MicrodataValue = string | MicrodataItem;

/** Items read per page: a shop's grid has a few dozen; the rest of a bigger page is not read. */
const maxItems = 200;
/** Products kept: the reader keeps three; a few more leave room for ones without a name. */
const maxProducts = 8;
/** A value is read up to this length: the longest fact made from one (a review quote) is far shorter. */
const maxValueChars = 2_000;
/** The properties a product's facts are made of; any other is never read. */
const wantedProperties = new Set([
  'name',
  'offers',
  'price',
  'lowPrice',
  'highPrice',
  'priceCurrency',
  'aggregateRating',
  'ratingValue',
  'bestRating',
  'reviewCount',
  'ratingCount',
  'review',
  'reviewBody',
  'description',
  'author',
  'image',
]);
const urlTags: Record<string, string> = { a: 'href', link: 'href', area: 'href', img: 'src', source: 'src' };
const spaces = pagePattern(/\s+/);
const currencyBySymbol: [string, string][] = [
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['$', 'USD'],
];

export interface MicrodataProduct {
  product: StructuredProduct;
  /** The element whose itemscope describes it: where on the page it sits. */
  element: DomElement;
}

/** The page's microdata products in page order, each with the element that scopes it. */
export function readMicrodataProducts(nodes: DomNode[]): MicrodataProduct[] {
  const products: MicrodataProduct[] = [];
  for (const item of microdataItems(nodes)) {
    if (products.length === maxProducts) break;
    if (!item.types.some(isProductType)) continue;
    const product = productOf(item);
    if (product) products.push({ product, element: item.element });
  }
  return products;
}

function microdataItems(nodes: DomNode[]): MicrodataItem[] {
  const items: MicrodataItem[] = [];
  const visit = (node: DomNode, scope: MicrodataItem | undefined) => {
    if (!isElement(node)) return;
    const itemprop = node.attribs.itemprop;
    const names = itemprop ? itemprop.split(spaces).filter((name) => wantedProperties.has(name)) : [];
    const unset = scope ? names.filter((name) => !scope.properties.has(name)) : [];
    let inner = scope;
    if (node.attribs.itemscope !== undefined && items.length < maxItems) {
      inner = { types: itemTypes(node.attribs.itemtype ?? ''), element: node, properties: new Map() };
      items.push(inner);
      for (const name of unset) scope?.properties.set(name, inner);
    } else if (unset.length > 0) {
      const value = propertyValue(node);
      for (const name of unset) scope?.properties.set(name, value);
    }
    for (const child of node.children) visit(child, inner);
  };
  for (const node of nodes) visit(node, undefined);
  return items;
}

/** "https://schema.org/Product http://schema.org/Vehicle" → ["Product", "Vehicle"]. */
function itemTypes(itemtype: string): string[] {
  return itemtype
    .slice(0, maxValueChars)
    .split(spaces)
    .filter(Boolean)
    .map((type) => type.slice(Math.max(type.lastIndexOf('/'), type.lastIndexOf('#')) + 1));
}

/** A property's value as microdata defines it; `content` wins wherever it is (as search engines read it). */
function propertyValue(element: DomElement): string {
  const attribute =
    element.attribs.content ??
    (urlTags[element.name] ? element.attribs[urlTags[element.name]!] : undefined) ??
    (element.name === 'data' || element.name === 'meter' ? element.attribs.value : undefined) ??
    (element.name === 'time' ? element.attribs.datetime : undefined);
  return (attribute ?? shortVisibleText(element, maxValueChars)).slice(0, maxValueChars).trim();
}

function productOf(item: MicrodataItem): StructuredProduct | undefined {
  const name = text(item, 'name');
  if (!name) return undefined;
  const offers = item.properties.get('offers');
  const offer = offerOf(typeof offers === 'object' ? offers : item);
  const ratingItem = item.properties.get('aggregateRating');
  const rating =
    typeof ratingItem === 'object'
      ? ratingOf({
          ratingValue: amountOf(text(ratingItem, 'ratingValue')),
          bestRating: amountOf(text(ratingItem, 'bestRating')),
          reviewCount: amountOf(text(ratingItem, 'reviewCount')),
          ratingCount: amountOf(text(ratingItem, 'ratingCount')),
        })
      : undefined;
  const review = reviewOf(item.properties.get('review'));
  const image = text(item, 'image');
  const description = text(item, 'description');
  return structuredProduct(name, { offer, rating, review, image, description });
}

function offerOf(item: MicrodataItem): StructuredProduct['offer'] {
  const written = text(item, 'price') || text(item, 'lowPrice');
  const price = amountOf(written);
  const currency = (text(item, 'priceCurrency') || currencyIn(written)).toUpperCase();
  if (price === undefined || price <= 0 || currency.length !== 3) return undefined;
  const high = amountOf(text(item, 'highPrice'));
  const range = !text(item, 'price') && (high === undefined || high > price);
  return { price, currency, ...(range ? { from: true as const } : {}) };
}

function reviewOf(value: MicrodataValue | undefined): StructuredProduct['review'] {
  if (typeof value !== 'object') return undefined;
  const body = text(value, 'reviewBody') || text(value, 'description');
  if (!body) return undefined;
  const author = value.properties.get('author');
  const name = typeof author === 'object' ? text(author, 'name') : (author ?? '');
  return { body, ...(name ? { author: name } : {}) };
}

function text(item: MicrodataItem, property: string): string {
  const value = item.properties.get(property);
  return typeof value === 'string' ? value : '';
}

function currencyIn(written: string): string {
  return currencyBySymbol.find(([symbol]) => written.includes(symbol))?.[1] ?? '';
}

/**
 * The number a price, rating or count is written as: "$4,200.00" → 4200, "19,99 €" → 19.99,
 * "4.8" → 4.8, "1,212" → 1212. Read character by character, never by a pattern.
 */
export function amountOf(written: string): number | undefined {
  let digits = '';
  for (const character of written.slice(0, 40)) {
    if ((character >= '0' && character <= '9') || character === '.' || character === ',') digits += character;
    else if (digits) break;
  }
  if (!digits) return undefined;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  // A lone separator before one or two digits ("19,99", "4.8") is a decimal point; any other is a thousands mark.
  const isDecimal =
    decimalAt >= 0 &&
    (lastDot >= 0 && lastComma >= 0
      ? true
      : digits.indexOf(digits[decimalAt]!) === decimalAt && digits.length - decimalAt - 1 <= 2);
  const whole = (isDecimal ? digits.slice(0, decimalAt) : digits).replaceAll('.', '').replaceAll(',', '');
  const fraction = isDecimal ? digits.slice(decimalAt + 1) : '';
  const value = Number(fraction ? `${whole}.${fraction}` : whole);
  return Number.isFinite(value) ? value : undefined;
}
