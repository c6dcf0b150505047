// Text on the buyer's page that is not the buyer's to say: review widgets (Trustpilot, Yotpo,
// Judge.me, Okendo, Stamped, reviews.io…), customer reviews and testimonials, comments, embeds,
// partners' and sponsors' offers, and any block that links to or names another domain. An ad
// under our name never makes such text its claims, offers, benefits or hook: "rated 5/5 by
// 40,000 customers" in a widget, or "90% off every bag at outlet-deals.example", is someone
// else's claim. Domain tokens are found by splitting on whitespace, not by a pattern over the
// text, so the check is linear in the block.
import { DomUtils } from 'htmlparser2';
import { closest, type DomElement } from './page-dom.ts';
import { pagePattern } from './page-patterns.ts';

/** Tags whose content comes from elsewhere or speaks for someone else. */
const thirdPartyTags = new Set(['iframe', 'embed', 'object', 'blockquote']);

/**
 * Names (class, id, data-* attribute names) of review and comment widgets and sponsored slots.
 * Matched as substrings of a short, lower-cased attribute string, one fixed word at a time.
 */
const thirdPartyNames = [
  'review',
  'testimonial',
  'trustpilot',
  'yotpo',
  'judgeme',
  'judge-me',
  'jdgm',
  'okendo',
  'oke-w',
  'stamped',
  'reviewsio',
  'reviews-io',
  'feefo',
  'bazaarvoice',
  'loox',
  'trustspot',
  'comment',
  'disqus',
  'partner',
  'sponsor',
  'affiliate',
  'advert',
];

/** The longest attribute string looked at per element: names are short; a long class list is cut. */
const maxAttributeChars = 500;

function attributeNames(element: DomElement): string {
  const dataNames = Object.keys(element.attribs).filter((name) => name.startsWith('data-'));
  return (
    [element.attribs.id ?? '', element.attribs.class ?? '', ...dataNames]
      .join(' ')
      .slice(0, maxAttributeChars)
      .toLowerCase()
      // A "preview" (an image's, a product's) is not a review.
      .replaceAll('preview', '')
  );
}

function hasThirdPartyName(element: DomElement): boolean {
  const names = attributeNames(element);
  return thirdPartyNames.some((name) => names.includes(name));
}

/** The registrable part a host is compared by: 'shop.acme.co.uk' and 'acme.co.uk' are one site. */
function siteOf(host: string): string {
  const labels = host
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.');
  const secondLevel = labels.length >= 3 && (labels.at(-1)?.length ?? 0) === 2 && (labels.at(-2)?.length ?? 0) <= 3;
  return labels.slice(secondLevel ? -3 : -2).join('.');
}

function isOtherSite(host: string, pageHost: string): boolean {
  return Boolean(host) && siteOf(host) !== siteOf(pageHost);
}

/** Hosts written in text ("harbor-outlet-deals.example", "Shop at acme.com!"), found without a pattern. */
export function hostsNamedIn(text: string): string[] {
  const hosts: string[] = [];
  for (const raw of text.split(whitespace)) {
    const token = trimPunctuation(raw.toLowerCase().replace(httpScheme, '').split('/')[0] ?? '');
    if (!token.includes('.') || token.includes('@')) continue;
    const labels = token.split('.');
    const tld = labels.at(-1) ?? '';
    if (labels.length < 2 || tld.length < 2 || !isLetters(tld)) continue;
    if (labels.every((label) => label.length > 0 && isHostLabel(label))) hosts.push(token);
  }
  return hosts;
}

function trimPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && !isHostChar(token[start] ?? '')) start += 1;
  while (end > start && !isHostChar(token[end - 1] ?? '')) end -= 1;
  return token.slice(start, end);
}

function isHostChar(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9');
}

function isLetters(text: string): boolean {
  return [...text].every((char) => char >= 'a' && char <= 'z');
}

function isHostLabel(label: string): boolean {
  return [...label].every((char) => isHostChar(char) || char === '-');
}

function isThirdPartyContainer(element: DomElement): boolean {
  return thirdPartyTags.has(element.name) || hasThirdPartyName(element);
}

function isLink(element: DomElement): boolean {
  return element.name === 'a';
}

/**
 * Whether the element sits in a review, comment, embed or sponsored section: asked of an element
 * that may hold much of the page (a product's scope), it never walks what is inside.
 */
export function inThirdPartySection(element: DomElement): boolean {
  return closest(element, isThirdPartyContainer) !== undefined;
}

/**
 * Whether a block of text on a page served from `pageHost` belongs to a third party: it sits in a
 * review, comment, embed or sponsored section, links off-site, or names another domain. Sections
 * are found with closest(), so asking it of every block of a page walks each element once.
 */
export function isThirdPartyText(element: DomElement, text: string, pageHost: string): boolean {
  if (closest(element, isThirdPartyContainer)) return true;
  const links = [closest(element, isLink), ...DomUtils.getElementsByTagName('a', element, true)];
  if (links.some((link) => link && isOtherSite(hostOfHref(link.attribs.href ?? ''), pageHost))) return true;
  return hostsNamedIn(text).some((host) => isOtherSite(host, pageHost));
}

const whitespace = pagePattern(/\s+/);
const httpScheme = pagePattern(/^https?:\/\//i);

function hostOfHref(href: string): string {
  if (!httpScheme.test(href.trim())) return '';
  try {
    return new URL(href.trim()).hostname;
  } catch {
    return '';
  }
}
