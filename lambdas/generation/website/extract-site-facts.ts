// Reads what an ad can say about a business from its page: name, headline, description, a few
// benefits, an image and a brand colour. Pages are messy, so every fact has a chain of places to
// look, and text from navigation, footers and cookie banners never counts.
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { normalizeCssColor } from './css-color.ts';
import { businessNameFromDomain, displayDomain } from './site-domain.ts';

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
}

type DomNode = ReturnType<typeof parseDocument>['children'][number];
type DomElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const maxBenefits = 3;
const textLimits = { businessName: 60, headline: 150, description: 300 } as const;
const benefitLength = { min: 3, max: 80 } as const;

const invisibleTags = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'head']);
const inlineTags = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
/** Containers whose text is site chrome, not copy about the business. */
const chromeTags = new Set(['nav', 'footer', 'header', 'aside', 'form', 'button', 'select', 'dialog']);
const chromeRoles = new Set(['navigation', 'contentinfo', 'banner', 'dialog', 'menu', 'menubar']);
const chromeNames =
  /nav|menu|footer|cookie|consent|gdpr|breadcrumb|sidebar|drawer|modal|popup|announcement|newsletter|social|share|legal|skip/i;
const featureNames = /feature|benefit|advantage|highlight|perk|usp|why|value|product[-_]?desc|description|details/i;
const boilerplateText =
  /cookie|privacy|terms of|©|copyright|all rights reserved|sign ?in|log ?in|sign ?up|subscribe|add to cart|skip to/i;
const genericHeadings =
  /^(features?|benefits|pricing|plans|faqs?|frequently asked questions|testimonials|reviews|customer reviews|contact( us)?|about( us)?|blog|menu|related products|you may also like|recently viewed|share|newsletter|description|details|product details|shipping|returns)$/i;
const genericTitleParts = /^(home|homepage|home page|welcome|official site|official website|shop|store)$/i;
const titleSeparators = /\s+[|\-—–·]\s+/;

export function extractSiteFacts(html: string, pageUrl: string): SiteFacts {
  const document = parseDocument(html);
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
      firstText(document.children, (element) => element.name === 'p' && !isChrome(element), isMeaningfulParagraph),
    textLimits.description,
  );
  const imageUrl = findImageUrl(document.children, meta, baseUrl(document.children, page));
  const themeColor = normalizeCssColor(meta.get('theme-color') ?? '');
  return {
    businessName,
    domain,
    headline,
    description,
    benefits: findBenefits(document.children, [businessName, headline]),
    ...(imageUrl ? { imageUrl } : {}),
    ...(themeColor ? { themeColor } : {}),
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

function findBenefits(nodes: DomNode[], alreadySaid: string[]): string[] {
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
    if (seen.has(key) || !isBenefitText(text)) continue;
    seen.add(key);
    benefits.push(text);
    if (benefits.length === maxBenefits) break;
  }
  return benefits;
}

function isHeading(element: DomElement): boolean {
  return /^h[1-6]$/.test(element.name);
}

function isBenefitText(text: string): boolean {
  return (
    text.length >= benefitLength.min &&
    text.length <= benefitLength.max &&
    /\p{L}/u.test(text) &&
    !boilerplateText.test(text) &&
    !genericHeadings.test(text.replace(/[:.!]+$/, ''))
  );
}

function findImageUrl(nodes: DomNode[], meta: Map<string, string>, base: URL): string | undefined {
  const links = DomUtils.getElementsByTagName('link', nodes, true);
  const linkWithRel = (wanted: (rel: string) => boolean) =>
    links.find((link) => relTokens(link).some(wanted))?.attribs.href;
  const logoImage = DomUtils.getElementsByTagName('img', nodes, true).find((image) =>
    /logo/i.test(
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
  return (link.attribs.rel ?? '').toLowerCase().split(/\s+/);
}

function baseUrl(nodes: DomNode[], page: URL): URL {
  const href = DomUtils.getElementsByTagName('base', nodes, true, 1)[0]?.attribs.href;
  return (href && absoluteUrl(href, page)) || page;
}

function absoluteHttpUrl(value: string, base: URL): string | undefined {
  const url = absoluteUrl(value, base);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined;
}

function absoluteUrl(value: string, base: URL): URL | undefined {
  try {
    return new URL(value.trim(), base);
  } catch {
    return undefined;
  }
}

/** Text of the first matching element whose visible text is not empty (and passes `accept`). */
function firstText(
  nodes: DomNode[],
  matches: (element: DomElement) => boolean,
  accept: (text: string) => boolean = Boolean,
): string {
  for (const element of DomUtils.findAll(matches, nodes)) {
    const text = visibleText(element);
    if (text && accept(text)) return text;
  }
  return '';
}

/** What a reader sees: scripts, styles and hidden parts skipped, blocks kept apart by a space. */
function visibleText(node: DomNode): string {
  const parts: string[] = [];
  const walk = (current: DomNode) => {
    if (current.type === ElementType.Text) {
      parts.push(current.data);
      return;
    }
    if (!isElement(current) || isHidden(current)) return;
    const separate = !inlineTags.has(current.name);
    if (separate) parts.push(' ');
    for (const child of current.children) walk(child);
    if (separate) parts.push(' ');
  };
  // <title> is never rendered, yet it is the text we want when we ask for it.
  if (isElement(node) && node.name === 'title') return collapse(DomUtils.textContent(node));
  walk(node);
  return collapse(parts.join(''));
}

// domutils 4 no longer re-exports domhandler's guards, and domhandler is not our dependency.
function isElement(node: DomNode): node is DomElement {
  return ElementType.isTag(node);
}

function isHidden(element: DomElement): boolean {
  return (
    invisibleTags.has(element.name) || element.attribs.hidden !== undefined || element.attribs['aria-hidden'] === 'true'
  );
}

function isChrome(element: DomElement): boolean {
  return ancestry(element).some(
    (ancestor) =>
      chromeTags.has(ancestor.name) ||
      chromeRoles.has(ancestor.attribs.role ?? '') ||
      chromeNames.test(`${ancestor.attribs.id ?? ''} ${ancestor.attribs.class ?? ''}`),
  );
}

function inFeatureSection(element: DomElement): boolean {
  return ancestry(element).some((ancestor) =>
    featureNames.test(`${ancestor.attribs.id ?? ''} ${ancestor.attribs.class ?? ''}`),
  );
}

/** A list item that is nothing but links is a menu entry, wherever it sits. */
function isOnlyLinks(item: DomElement): boolean {
  const linkText = DomUtils.getElementsByTagName('a', item, true).map(visibleText).join(' ');
  return linkText.length > 0 && comparable(linkText) === comparable(visibleText(item));
}

function insideTag(element: DomElement, tag: string): boolean {
  return ancestry(element).some((ancestor) => ancestor !== element && ancestor.name === tag);
}

/** The element and its ancestors up to, not including, <body>: page-wide classes such as
 * "menu-open" or "has-sticky-nav" say nothing about one section. */
function ancestry(element: DomElement): DomElement[] {
  const chain: DomElement[] = [];
  for (let current: DomNode | null = element; current; current = current.parent as DomNode | null) {
    if (!isElement(current)) continue;
    if (current.name === 'body' || current.name === 'html') break;
    chain.push(current);
  }
  return chain;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cut at a word boundary with an ellipsis, so facts stay small in the state machine's payload. */
function clamp(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
