// Reads what an ad can say about a business from its page: name, headline, description, a few
// benefits, claims, offers and prices in its own words, its images and a brand colour. Pages are
// messy, so every fact has a chain of places to look, and text from navigation, footers and cookie
// banners never counts.
import { DomUtils } from 'htmlparser2';
import { normalizeCssColor } from './css-color.ts';
import { readStructuredData } from './json-ld.ts';
import {
  absoluteHttpUrl,
  baseUrl,
  classAndId,
  closest,
  collapse,
  comparable,
  type DomElement,
  type DomNode,
  firstText,
  insideTag,
  isChrome,
  parsePage,
  textBlocks,
  visibleText,
  wordCount,
} from './page-dom.ts';
import { pagePattern, withoutTrailing } from './page-patterns.ts';
import { findClaims, findOffers, findPrices } from './site-claims.ts';
import { businessNameFromDomain, displayDomain } from './site-domain.ts';
import { findSiteImages, type SiteImage } from './site-images.ts';
import { isThirdPartyText } from './third-party-sections.ts';

export type { SiteImage, SiteImageSource } from './site-images.ts';

export interface SiteProduct {
  name: string;
  price?: string;
  rating?: { value: number; count?: number; best?: number };
  review?: { quote: string; author?: string };
  imageUrl?: string;
  description?: string;
}

export interface SiteFacts {
  businessName: string;
  /** The domain as people read it (no www.), for the end card. */
  domain: string;
  headline: string;
  description: string;
  /** Up to 3 short selling points. */
  benefits: string[];
  /** Absolute http(s) URL of the page's share image or logo. */
  imageUrl?: string;
  /** '#rrggbb' */
  themeColor?: string;
  // The fields below are absent when the page has none (and in facts read before they existed).
  /** Every usable image, products first, the logo last; at most 5, absolute http(s), no duplicates. */
  images?: SiteImage[];
  /** Claims and numbers in the page's words, strongest proof first: "4.9/5 from 2,000 reviews". */
  claims?: string[];
  /** Offers the page makes: "20% off your first order", "Free shipping on orders over $50". */
  offers?: string[];
  /** Prices the page states: "$29", "€19.99/month". */
  prices?: string[];
  products?: SiteProduct[];
  logoUrl?: string;
}

const maxBenefits = 3;
const textLimits = { businessName: 60, headline: 150, description: 300 } as const;
const benefitLength = { min: 3, max: 80 } as const;

const featureNames = pagePattern(
  /feature|benefit|advantage|highlight|perk|usp|why|value|product[-_]?desc|description|details/i,
);
const boilerplateText = pagePattern(
  /cookie|privacy|terms of|©|copyright|all rights reserved|sign ?in|log ?in|sign ?up|subscribe|add to cart|skip to/i,
);
const genericHeadings = pagePattern(
  /^(features?|benefits|pricing|plans|faqs?|frequently asked questions|testimonials|reviews|customer reviews|contact( us)?|about( us)?|blog|menu|related products|you may also like|recently viewed|share|newsletter|description|details|product details|shipping|returns)$/i,
);
const genericTitleParts = pagePattern(/^(home|homepage|home page|welcome|official site|official website|shop|store)$/i);
// The title is collapsed (one space between words), so a separator's spaces are single.
const titleSeparators = pagePattern(/ [|\-—–·] /);
const headingTag = pagePattern(/^h[1-6]$/);
const letter = pagePattern(/\p{L}/u);
const headingEndMark = pagePattern(/[:.!]/);
const clampEndMark = pagePattern(/[\s,;:.-]/);
const logoWord = pagePattern(/logo/i);
const spaces = pagePattern(/\s+/);

export function extractSiteFacts(html: string, pageUrl: string): SiteFacts {
  const document = parsePage(html);
  const page = new URL(pageUrl);
  const meta = metaContents(document.children);
  const title = firstText(document.children, (element) => element.name === 'title' && !insideTag(element, 'svg'));
  const domain = displayDomain(page);

  const businessName = clamp(
    meta.get('og:site_name') ||
      meta.get('application-name') ||
      nameFromTitle(title, domain) ||
      businessNameFromDomain(domain),
    textLimits.businessName,
  );
  const headline = clamp(
    firstText(document.children, (element) => element.name === 'h1') ||
      meta.get('og:title') ||
      titleWithout(title, businessName),
    textLimits.headline,
  );
  const description = clamp(
    meta.get('description') ||
      meta.get('og:description') ||
      firstText(
        document.children,
        (element) =>
          element.name === 'p' && !isChrome(element) && !isThirdPartyText(element, visibleText(element), page.hostname),
        isMeaningfulParagraph,
      ),
    textLimits.description,
  );
  const base = baseUrl(document.children, page);
  const imageUrl = findImageUrl(document.children, meta, base);
  const themeColor = normalizeCssColor(meta.get('theme-color') ?? '');
  const structured = readStructuredData(document.children);
  // Reviews, comments, embeds and other domains' offers are never the business's claims.
  const blocks = textBlocks(document.children).filter(
    (block) => !isThirdPartyText(block.element, block.text, page.hostname),
  );
  const images = findSiteImages(document.children, meta, base, structured);
  const claims = findClaims(blocks, structured);
  const offers = findOffers(blocks);
  const prices = findPrices(blocks, meta, structured);
  return {
    businessName,
    domain,
    headline,
    description,
    benefits: findBenefits(document.children, [businessName, headline], page.hostname),
    ...(imageUrl ? { imageUrl } : {}),
    ...(themeColor ? { themeColor } : {}),
    ...(images.length > 0 ? { images } : {}),
    ...(claims.length > 0 ? { claims } : {}),
    ...(offers.length > 0 ? { offers } : {}),
    ...(prices.length > 0 ? { prices } : {}),
  };
}

/** <meta> content by name, property and itemprop (lower-cased), first occurrence wins. */
function metaContents(nodes: DomNode[]): Map<string, string> {
  const contents = new Map<string, string>();
  for (const element of DomUtils.getElementsByTagName('meta', nodes, true)) {
    const content = collapse(element.attribs.content ?? '');
    if (!content) continue;
    for (const key of [element.attribs.name, element.attribs.property, element.attribs.itemprop]) {
      const normalized = key?.trim().toLowerCase();
      if (normalized && !contents.has(normalized)) contents.set(normalized, content);
    }
  }
  return contents;
}

/** "Acme | Plans for teams" → "Acme": the part naming the domain, else the shortest short part. */
function nameFromTitle(title: string, domain: string): string {
  const parts = title
    .split(titleSeparators)
    .map((part) => part.trim())
    .filter((part) => part && !genericTitleParts.test(part));
  const domainKey = comparable(businessNameFromDomain(domain));
  const naming = parts.find((part) => {
    const key = comparable(part);
    return key.length >= 3 && domainKey.length >= 3 && (key.includes(domainKey) || domainKey.includes(key));
  });
  if (naming) return naming;
  const shortest = [...parts].sort((a, b) => a.length - b.length)[0];
  // A long title with no brand in it is a slogan, not a name.
  return shortest && wordCount(shortest) <= 4 ? shortest : '';
}

/** The title's other parts once the business name is taken out, for a headline. */
function titleWithout(title: string, name: string): string {
  const rest = title.split(titleSeparators).filter((part) => comparable(part) !== comparable(name));
  return rest.join(' - ') || title;
}

function isMeaningfulParagraph(text: string): boolean {
  return text.length >= 40 && wordCount(text) >= 6 && !boilerplateText.test(text);
}

function findBenefits(nodes: DomNode[], alreadySaid: string[], pageHost: string): string[] {
  // An item holding its own heading is a feature card: its heading is the benefit, found below.
  const listItems = DomUtils.getElementsByTagName('li', nodes, true).filter(
    (item) => !isChrome(item) && !isOnlyLinks(item) && !DomUtils.findOne(isHeading, item.children),
  );
  const headings = DomUtils.findAll((element) => element.name === 'h2' || element.name === 'h3', nodes).filter(
    (heading) => !isChrome(heading),
  );
  // Feature sections say what the business offers; other lists and headings are the fallback.
  const ranked = [
    ...listItems.filter(inFeatureSection),
    ...headings.filter(inFeatureSection),
    ...headings,
    ...listItems,
  ];
  const seen = new Set(alreadySaid.map(comparable));
  const benefits: string[] = [];
  for (const element of ranked) {
    const text = visibleText(element);
    const key = comparable(text);
    if (seen.has(key) || !isBenefitText(text) || isThirdPartyText(element, text, pageHost)) continue;
    seen.add(key);
    benefits.push(text);
    if (benefits.length === maxBenefits) break;
  }
  return benefits;
}

function isHeading(element: DomElement): boolean {
  return headingTag.test(element.name);
}

function isBenefitText(text: string): boolean {
  return (
    text.length >= benefitLength.min &&
    text.length <= benefitLength.max &&
    letter.test(text) &&
    !boilerplateText.test(text) &&
    !genericHeadings.test(withoutTrailing(text, headingEndMark))
  );
}

function findImageUrl(nodes: DomNode[], meta: Map<string, string>, base: URL): string | undefined {
  const links = DomUtils.getElementsByTagName('link', nodes, true);
  const linkWithRel = (wanted: (rel: string) => boolean) =>
    links.find((link) => relTokens(link).some(wanted))?.attribs.href;
  const logoImage = DomUtils.getElementsByTagName('img', nodes, true).find((image) =>
    logoWord.test(
      [image.attribs.class, image.attribs.id, image.attribs.alt, image.attribs.src].filter(Boolean).join(' '),
    ),
  );
  // Share images are made to be shown large; apple-touch-icon is a sure 180 px raster; a logo
  // <img> may be SVG; a plain icon may be a 16 px .ico, so it comes last.
  const candidates = [
    meta.get('og:image:secure_url'),
    meta.get('og:image'),
    meta.get('og:image:url'),
    meta.get('twitter:image'),
    meta.get('twitter:image:src'),
    linkWithRel((rel) => rel.startsWith('apple-touch-icon')),
    logoImage?.attribs.src,
    logoImage?.attribs['data-src'],
    linkWithRel((rel) => rel === 'icon'),
  ];
  for (const candidate of candidates) {
    const url = candidate ? absoluteHttpUrl(candidate, base) : undefined;
    if (url) return url;
  }
  return undefined;
}

function relTokens(link: DomElement): string[] {
  return (link.attribs.rel ?? '').toLowerCase().split(spaces);
}

function inFeatureSection(element: DomElement): boolean {
  return closest(element, isFeatureContainer) !== undefined;
}

function isFeatureContainer(element: DomElement): boolean {
  return featureNames.test(classAndId(element));
}

/** A list item that is nothing but links is a menu entry, wherever it sits. */
function isOnlyLinks(item: DomElement): boolean {
  const linkText = DomUtils.getElementsByTagName('a', item, true).map(visibleText).join(' ');
  return linkText.length > 0 && comparable(linkText) === comparable(visibleText(item));
}

/** Cut at a word boundary with an ellipsis, so facts stay small in the state machine's payload. */
function clamp(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${withoutTrailing(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut, clampEndMark)}…`;
}
