// Every image on a page an ad can show, with where it came from: the hero photo, the share image,
// product photos (alt text kept as what they show) and the logo. Icons, tracking pixels, inline
// data and formats the renderer refuses to decode (SVG, GIF, ICO) are left out.
import { DomUtils } from 'htmlparser2';
import type { StructuredFacts } from './json-ld.ts';
import {
  absoluteHttpUrl,
  ancestry,
  classAndId,
  type DomElement,
  type DomNode,
  insideTag,
  isNoise,
  visibleText,
} from './page-dom.ts';

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
const descriptionLength = 200;

/** Walls of other companies' logos and press mentions: none of them is the business's own image. */
const othersNames =
  /(?:^|[\s_-])(?:logos|clients|partners|customers|press|trusted|as-seen(?:-in)?|testimonials?|reviews?|avatars?|authors?)(?:$|[\s_-])/i;
/** Query parameters image CDNs use for size and format, not for which picture. */
const sizeParams = /^(w|h|width|height|size|v|version|q|quality|fit|crop|format|fm|auto|dpr)$/i;
const heroNames = /hero|banner|masthead|jumbotron|splash|cover|showcase/i;
const productNames = /product|gallery|shop-item|item-image|merch|sku|catalog/i;
const logoWords = /logo/i;
// Only jpg, png and webp are decoded; a URL without an extension may still be one of them.
const refusedExtensions = /\.(svg|svgz|gif|ico|bmp|tiff?|avif|heic)$/i;
const iconPath =
  /(?:^|[/_.-])(?:icons?|favicon|sprites?|spinner|loader|spacer|pixel|blank|placeholder|badge|flag)(?:[/_.-]|$)/i;
const trackerHosts =
  /(^|\.)(facebook\.com|google-analytics\.com|googletagmanager\.com|doubleclick\.net|bat\.bing\.com|analytics\.[a-z.]+|pixel\.[a-z.]+|ads\.linkedin\.com|t\.co)$/i;

export function findSiteImages(
  nodes: DomNode[],
  meta: Map<string, string>,
  base: URL,
  structured: StructuredFacts,
): SiteImage[] {
  const images = DomUtils.getElementsByTagName('img', nodes, true).filter(
    (image) => !inOthersShowcase(image) && (!isNoise(image) || isLogo(image)),
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
      .filter((image) => !isLogo(image) && isPhotoSized(image) && (inHero(image) || insideTag(image, 'main')))
      .flatMap((image) => candidate('hero', imageSource(image), imageDescription(image))),
    ...DomUtils.findAll((element) => heroNames.test(classAndId(element)), nodes).flatMap((element) =>
      candidate('hero', backgroundImage(element)).map((image) => ({ ...image, backdrop: true as const })),
    ),
  ].slice(0, 1);
  const share = ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'].flatMap(
    (key) => candidate('og-image', meta.get(key)),
  );
  const appleTouchIcon = DomUtils.getElementsByTagName('link', nodes, true).find((link) =>
    (link.attribs.rel ?? '')
      .toLowerCase()
      .split(/\s+/)
      .some((rel) => rel.startsWith('apple-touch-icon')),
  );
  const logos = [
    ...structured.logos.flatMap((url) => candidate('logo', url)),
    ...images
      .filter((image) => isLogo(image) && isLogoSized(image))
      .flatMap((image) => candidate('logo', imageSource(image))),
    ...candidate('logo', appleTouchIcon?.attribs.href),
  ];

  const photos = unique([...unique(products).slice(0, maxProductImages), ...hero, ...share]);
  const logo = unique(logos).find((image) => !photos.some((photo) => pictureKey(photo.url) === pictureKey(image.url)));
  // The logo keeps its place: an end card needs something to show when there is no product.
  const photoSlots = logo ? maxSiteImages - 1 : maxSiteImages;
  return [...photos.slice(0, photoSlots), ...(logo ? [logo] : [])];
}

/**
 * The URL if an ad can use it: absolute http(s), not inline data, not a tracker or an SVG, and for
 * a photo not an icon (a logo may well be named "apple-touch-icon.png").
 */
function usableUrl(value: string, base: URL, source: SiteImageSource): string | undefined {
  if (/^\s*data:/i.test(value)) return undefined;
  const absolute = absoluteHttpUrl(value, base);
  if (!absolute) return undefined;
  const { pathname, hostname } = new URL(absolute);
  const icon = source !== 'logo' && iconPath.test(pathname);
  return refusedExtensions.test(pathname) || icon || trackerHosts.test(hostname) ? undefined : absolute;
}

/** src, else a lazy-loading attribute, else the widest srcset candidate. */
function imageSource(image: DomElement): string | undefined {
  const { src, srcset } = image.attribs;
  const lazy = image.attribs['data-src'] ?? image.attribs['data-lazy-src'] ?? image.attribs['data-original'];
  if (src && !/^\s*data:/i.test(src)) return src;
  if (lazy) return lazy;
  const widest = (srcset ?? image.attribs['data-srcset'] ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter(([url]) => url)
    .sort((a, b) => Number.parseFloat(b[1] ?? '0') - Number.parseFloat(a[1] ?? '0'))[0];
  return widest?.[0] ?? src;
}

function backgroundImage(element: DomElement): string | undefined {
  return /background(?:-image)?\s*:[^;]*url\(\s*['"]?([^'")]+)['"]?\s*\)/i.exec(element.attribs.style ?? '')?.[1];
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
    ancestry(image).some((ancestor) => ancestor !== image && logoWords.test(classAndId(ancestor)))
  );
}

function inOthersShowcase(image: DomElement): boolean {
  return ancestry(image).some((ancestor) => ancestor !== image && othersNames.test(classAndId(ancestor)));
}

function inHero(image: DomElement): boolean {
  return ancestry(image).some((ancestor) => heroNames.test(classAndId(ancestor)));
}

function inProductContainer(image: DomElement): boolean {
  return ancestry(image).some(
    (ancestor) =>
      productNames.test(classAndId(ancestor)) ||
      /schema\.org\/Product$/i.test(ancestor.attribs.itemtype ?? '') ||
      ancestor.attribs.itemprop === 'image',
  );
}

function imageDescription(image: DomElement): string {
  if (image.attribs.alt?.trim()) return image.attribs.alt;
  const figure = ancestry(image).find((ancestor) => ancestor.name === 'figure');
  const caption = figure && DomUtils.findOne((element) => element.name === 'figcaption', figure.children);
  return caption ? visibleText(caption) : '';
}

function describe(text: string | undefined): { description?: string } {
  const description = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, descriptionLength);
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
