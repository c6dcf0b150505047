// Every image on a page an ad can show, with where it came from: the hero photo, the share image,
// product photos (alt text kept as what they show) and the logo. Icons, tracking pixels, inline
// data and formats the renderer refuses to decode (SVG, GIF, ICO) are left out.
import { DomUtils } from 'htmlparser2';
import type { StructuredFacts } from './json-ld.ts';
import {
  absoluteHttpUrl,
  classAndId,
  closest,
  closestAbove,
  type DomElement,
  type DomNode,
  insideTag,
  isNoise,
  visibleText,
} from './page-dom.ts';
import { pagePattern } from './page-patterns.ts';

export type SiteImageSource = 'hero' | 'og-image' | 'product' | 'logo';

export interface SiteImage {
  /** Absolute http(s) URL. */
  url: string;
  source: SiteImageSource;
  /** What it shows, when the page says (alt text). */
  description?: string;
  /** A section's CSS background: drawn by the site to be cropped to any frame, so it may fill one. */
  backdrop?: true;
}

const maxSiteImages = 5;
const maxProductImages = 3;
const minImageSide = 100;
const minIconSide = 96;
const descriptionLength = 200;

/** Walls of other companies' logos and press mentions: none of them is the business's own image. */
const othersNames = pagePattern(
  /(?:^|[\s_-])(?:logos|clients|partners|customers|press|trusted|as-seen(?:-in)?|testimonials?|reviews?|avatars?|authors?)(?:$|[\s_-])/i,
);
/** Query parameters image CDNs use for size and format, not for which picture. */
const sizeParams = pagePattern(/^(w|h|width|height|size|v|version|q|quality|fit|crop|format|fm|auto|dpr)$/i);
const heroNames = pagePattern(/hero|banner|masthead|jumbotron|splash|cover|showcase/i);
const productNames = pagePattern(/product|gallery|shop-item|item-image|merch|sku|catalog/i);
const productType = pagePattern(/schema\.org\/Product$/i);
const logoWords = pagePattern(/logo/i);
// Only jpg, png and webp are decoded; a URL without an extension may still be one of them.
const refusedExtensions = pagePattern(/\.(svg|svgz|gif|ico|bmp|tiff?|avif|heic)$/i);
const iconPath = pagePattern(
  /(?:^|[/_.-])(?:icons?|favicon|sprites?|spinner|loader|spacer|pixel|blank|placeholder|badge|flag)(?:[/_.-]|$)/i,
);
const trackerHosts = pagePattern(
  /(?:^|\.)(?:facebook\.com|google-analytics\.com|googletagmanager\.com|doubleclick\.net|bat\.bing\.com|ads\.linkedin\.com|t\.co)$/i,
);
/** A host under analytics.* or pixel.*: its labels, from one named so to the end. */
const trackerLabels = new Set(['analytics', 'pixel']);
const letterLabel = pagePattern(/^[a-z]+$/i);
const inlineData = pagePattern(/^\s*data:/i);
const spaces = pagePattern(/\s+/);
const backgroundProperty = pagePattern(/background(?:-image)?\s*$/i);
const spaceRuns = pagePattern(/\s+/g);

export interface FoundImages {
  /** Every usable image, products first, the logo last; at most 5, no duplicates. */
  images: SiteImage[];
  /** The brand's logo, even when it is also one of the photos. */
  logoUrl?: string;
}

export function findSiteImages(
  nodes: DomNode[],
  meta: Map<string, string>,
  base: URL,
  structured: StructuredFacts,
): FoundImages {
  const images = DomUtils.getElementsByTagName('img', nodes, true).filter(
    (image) => !inOthersShowcase(image) && (!isNoise(image) || isLogo(image) || isHomeLinkInHeader(image, base)),
  );
  const candidate = (source: SiteImageSource, value: string | undefined, description?: string) => {
    const url = value ? usableUrl(value, base, source) : undefined;
    return url ? [{ url, source, ...describe(description) }] : [];
  };

  const products = [
    ...structured.productImages.flatMap((url) => candidate('product', url)),
    ...images
      .filter((image) => !isLogo(image) && isPhotoSized(image) && inProductContainer(image))
      .flatMap((image) => candidate('product', imageSource(image), imageDescription(image))),
  ];
  const hero = [
    ...images
      .filter(
        (image) =>
          !isLogo(image) &&
          !isHomeLinkInHeader(image, base) &&
          isPhotoSized(image) &&
          (inHero(image) || insideTag(image, 'main')),
      )
      .flatMap((image) => candidate('hero', imageSource(image), imageDescription(image))),
    ...DomUtils.findAll(isHero, nodes).flatMap((element) =>
      candidate('hero', backgroundImage(element)).map((image) => ({ ...image, backdrop: true as const })),
    ),
  ].slice(0, 1);
  const share = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'].flatMap(
    (key) => candidate('og-image', meta.get(key)),
  );
  const links = DomUtils.getElementsByTagName('link', nodes, true);
  const appleTouchIcon = links.find((link) => relTokens(link).some((rel) => rel.startsWith('apple-touch-icon')));
  const largeIcon = links.find((link) => relTokens(link).includes('icon') && isLargeIcon(link));
  // Most named first: the organisation's own data, an image the page calls its logo, the image
  // its header links home with, then the icons a phone or a browser shows.
  const logos = unique([
    ...structured.logos.flatMap((url) => candidate('logo', url)),
    ...images
      .filter((image) => isLogo(image) && isLogoSized(image))
      .flatMap((image) => candidate('logo', imageSource(image))),
    ...images
      .filter((image) => isHomeLinkInHeader(image, base) && isLogoSized(image))
      .flatMap((image) => candidate('logo', imageSource(image))),
    ...candidate('logo', appleTouchIcon?.attribs.href),
    ...candidate('logo', largeIcon?.attribs.href),
  ]);

  const photos = unique([...unique(products).slice(0, maxProductImages), ...hero, ...share]);
  const logo = logos.find((image) => !photos.some((photo) => pictureKey(photo.url) === pictureKey(image.url)));
  // The logo keeps its place: an end card needs something to show when there is no product.
  const photoSlots = logo ? maxSiteImages - 1 : maxSiteImages;
  return {
    images: [...photos.slice(0, photoSlots), ...(logo ? [logo] : [])],
    ...(logos[0] ? { logoUrl: logos[0].url } : {}),
  };
}

function relTokens(link: DomElement): string[] {
  return (link.attribs.rel ?? '').toLowerCase().split(spaces);
}

/** An icon a page declares at least 96 px ("192x192"): big enough to show; a 16 px favicon is not. */
function isLargeIcon(link: DomElement): boolean {
  return (link.attribs.sizes ?? '')
    .toLowerCase()
    .split(spaces)
    .some((size) => Number.parseInt(size.split('x')[0] ?? '', 10) >= minIconSide);
}

/** The image a site header or menu links home with (<header><a href="/"><img>): the brand's mark, whatever it is named. */
function isHomeLinkInHeader(image: DomElement, base: URL): boolean {
  const link = closestAbove(image, isLink);
  if (!link || !closestAbove(link, isSiteHeader)) return false;
  const target = absoluteHttpUrl(link.attribs.href ?? '', base);
  return target !== undefined && new URL(target).host === base.host && new URL(target).pathname === '/';
}

function isLink(element: DomElement): boolean {
  return element.name === 'a';
}

function isSiteHeader(element: DomElement): boolean {
  return element.name === 'header' || element.name === 'nav' || element.attribs.role === 'banner';
}

/**
 * The URL if an ad can use it: absolute http(s), not inline data, not a tracker or an SVG, and for
 * a photo not an icon (a logo may well be named "apple-touch-icon.png").
 */
function usableUrl(value: string, base: URL, source: SiteImageSource): string | undefined {
  if (inlineData.test(value)) return undefined;
  const absolute = absoluteHttpUrl(value, base);
  if (!absolute) return undefined;
  const { pathname, hostname } = new URL(absolute);
  const icon = source !== 'logo' && iconPath.test(pathname);
  return refusedExtensions.test(pathname) || icon || isTrackerHost(hostname) ? undefined : absolute;
}

function isTrackerHost(hostname: string): boolean {
  if (trackerHosts.test(hostname)) return true;
  const labels = hostname.split('.');
  return labels.some(
    (label, index) =>
      trackerLabels.has(label.toLowerCase()) &&
      index < labels.length - 1 &&
      labels.slice(index + 1).every((after) => letterLabel.test(after)),
  );
}

/** src, else a lazy-loading attribute, else the widest srcset candidate. */
function imageSource(image: DomElement): string | undefined {
  const { src, srcset } = image.attribs;
  const lazy = image.attribs['data-src'] ?? image.attribs['data-lazy-src'] ?? image.attribs['data-original'];
  if (src && !inlineData.test(src)) return src;
  if (lazy) return lazy;
  const widest = (srcset ?? image.attribs['data-srcset'] ?? '')
    .split(',')
    .map((entry) => entry.trim().split(spaces))
    .filter(([url]) => url)
    .sort((a, b) => Number.parseFloat(b[1] ?? '0') - Number.parseFloat(a[1] ?? '0'))[0];
  return widest?.[0] ?? src;
}

/**
 * The image URL of the element's `background` or `background-image` declaration: the last url() of
 * the first such declaration that has one. Read in one pass: a pattern spanning the declaration
 * backtracks over every "url(" of an unclosed one, and so would reading each url() to its end.
 */
function backgroundImage(element: DomElement): string | undefined {
  for (const declaration of (element.attribs.style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0 || !backgroundProperty.test(declaration.slice(0, colon))) continue;
    const urls = urlArguments(declaration.slice(colon + 1));
    if (urls.length > 0) return urls[urls.length - 1];
  }
  return undefined;
}

/** The arguments of a CSS value's url( )s: optional spaces and quotes around anything but a quote or ")". */
function urlArguments(value: string): string[] {
  const lower = value.toLowerCase();
  const urls: string[] = [];
  // Where the argument that starts at or after a position ends, and whether a ")" closes it there:
  // unclosed url(s share one end, so it is found and checked once, never searched again.
  let end = -1;
  let closed = false;
  for (let call = lower.indexOf('url('); call >= 0; call = lower.indexOf('url(', call + 1)) {
    let at = call + 'url('.length;
    while (isCssSpace(value[at])) at += 1;
    if (value[at] === '"' || value[at] === "'") at += 1;
    if (end < at) {
      end = argumentEnd(value, at);
      closed = closesAt(value, end);
    }
    const url = value.slice(at, end);
    if (url && closed) urls.push(url);
  }
  return urls;
}

/** Whether an optional quote, spaces and a ")" follow `at`. */
function closesAt(value: string, at: number): boolean {
  let after = at;
  if (value[after] === '"' || value[after] === "'") after += 1;
  while (isCssSpace(value[after])) after += 1;
  return value[after] === ')';
}

/** The first quote or ")" at or after `start` (the value's length when there is none). */
function argumentEnd(value: string, start: number): number {
  let at = start;
  while (at < value.length && !`'")`.includes(value[at]!)) at += 1;
  return at;
}

function isCssSpace(character: string | undefined): boolean {
  return character === ' ' || character === '\t' || character === '\n' || character === '\r' || character === '\f';
}

/** A photo, not an icon: width and height, where the page gives them, of at least 100 px. */
function isPhotoSized(image: DomElement): boolean {
  return [image.attribs.width, image.attribs.height].every((side) => {
    const pixels = Number.parseFloat(side ?? '');
    return Number.isNaN(pixels) || pixels >= minImageSide;
  });
}

/** A header logo is often drawn 40 px high; only one small both ways is an icon. */
function isLogoSized(image: DomElement): boolean {
  const sides = [image.attribs.width, image.attribs.height].map((side) => Number.parseFloat(side ?? ''));
  return sides.some((pixels) => Number.isNaN(pixels) || pixels >= minImageSide);
}

function isLogo(image: DomElement): boolean {
  return (
    [image.attribs.class, image.attribs.id, image.attribs.alt].some((value) => value && logoWords.test(value)) ||
    closestAbove(image, isLogoContainer) !== undefined
  );
}

function isLogoContainer(element: DomElement): boolean {
  return logoWords.test(classAndId(element));
}

function inOthersShowcase(image: DomElement): boolean {
  return closestAbove(image, isOthersShowcase) !== undefined;
}

function isOthersShowcase(element: DomElement): boolean {
  return othersNames.test(classAndId(element));
}

function inHero(image: DomElement): boolean {
  return closest(image, isHero) !== undefined;
}

function isHero(element: DomElement): boolean {
  return heroNames.test(classAndId(element));
}

function inProductContainer(image: DomElement): boolean {
  return closest(image, isProductContainer) !== undefined;
}

function isProductContainer(element: DomElement): boolean {
  return (
    productNames.test(classAndId(element)) ||
    productType.test(element.attribs.itemtype ?? '') ||
    element.attribs.itemprop === 'image'
  );
}

function isFigure(element: DomElement): boolean {
  return element.name === 'figure';
}

function imageDescription(image: DomElement): string {
  if (image.attribs.alt?.trim()) return image.attribs.alt;
  const figure = closest(image, isFigure);
  const caption = figure && DomUtils.findOne((element) => element.name === 'figcaption', figure.children);
  return caption ? visibleText(caption) : '';
}

function describe(text: string | undefined): { description?: string } {
  const description = (text ?? '').replace(spaceRuns, ' ').trim().slice(0, descriptionLength);
  return description ? { description } : {};
}

/** One of each picture: the same file asked for at another size (`?width=1200`) is the same picture. */
function unique(images: SiteImage[]): SiteImage[] {
  const seen = new Set<string>();
  return images.filter((image) => {
    const key = pictureKey(image.url);
    return !seen.has(key) && seen.add(key);
  });
}

function pictureKey(href: string): string {
  const url = new URL(href);
  for (const name of [...url.searchParams.keys()]) if (sizeParams.test(name)) url.searchParams.delete(name);
  return url.href;
}
