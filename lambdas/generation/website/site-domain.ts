// The buyer's domain as a person reads it, the business name a domain suggests when the page
// itself names nothing (or cannot be fetched), and whether a name the page gives fits the domain
// (an ad never carries a name its domain does not: a "PayPal" page on another domain is not PayPal's).
import { isIP } from 'node:net';
import { nameOfLabel } from '#generation/words/split-words.ts';
import { pagePattern } from './page-patterns.ts';

// Registries that sell names one level down (acme.co.uk, acme.com.au): the name is one label further left.
const secondLevelRegistries = new Set(['ac', 'co', 'com', 'edu', 'gov', 'ne', 'net', 'or', 'org']);

/** 'https://www.acme.com/shop' → 'acme.com': what the end card shows. */
export function displayDomain(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/**
 * 'shop.northwind-shoes.co.uk' → 'Northwind Shoes', 'closedbakery.com' → 'Closed Bakery': words
 * run together are split (words/split-words.ts); an IP address stays as it is.
 */
export function businessNameFromDomain(domain: string): string {
  if (isIP(domain.replace(/^\[|\]$/g, ''))) return domain;
  const labels = domain.toLowerCase().split('.').filter(Boolean);
  const secondLevel =
    labels.length >= 3 && labels.at(-1)?.length === 2 && secondLevelRegistries.has(labels.at(-2) ?? '');
  const label = labels.at(secondLevel ? -3 : -2) ?? labels[0] ?? '';
  return nameOfLabel(label);
}

/**
 * Words a name may carry that its domain need not: articles and company forms ("The Bike Works"
 * on bikeworks.com, "Acme Inc." on acme.com) and the trade a name ends with ("Blue Bottle Coffee"
 * on bluebottle.com). A brand is never one of them, so a brand the domain lacks never fits.
 */
const nameFillers = new Set(
  [
    'the and of for by co company inc ltd llc gmbh sa official shop store online',
    'coffee tea bakery cafe bar grill kitchen restaurant pizza studio salon spa gym fitness yoga',
    'clothing apparel boutique jewelry jewellery eyewear shoes goods supply market gallery design',
    'coaching consulting services solutions labs group',
  ]
    .join(' ')
    .split(' '),
);

/** "Café Émile & Co." → ['cafe', 'emile', 'and', 'co']: letters and digits only, accents folded, possessives dropped. */
function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .toLowerCase()
    .replace(ampersands, ' and ')
    .replace(possessives, '')
    .split(nonWordRun)
    .filter(Boolean);
}

// Names come from the page (at most 60 characters once extracted): registered as page patterns.
const combiningMarks = pagePattern(/\p{M}/gu);
const ampersands = pagePattern(/&/g);
const possessives = pagePattern(/['’]s\b/g);
const nonWordRun = pagePattern(/[^\p{L}\p{N}]+/u);

/** A word is in a label whole, or by its stem when long ("coaching" in freshbreathcoach). */
function wordInLabel(word: string, label: string): boolean {
  return label.includes(word) || (word.length >= 6 && label.includes(word.slice(0, 5)));
}

/**
 * Whether a page's business name fits the domain the ad shows: the whole name is in the domain's
 * name label ("Acme" / acme-shop.co.uk, "Alder & Ash" / alderandash.com), or every word of it
 * that names the business is ("Ben & Jerry's" / benjerry.com, "Blue Bottle Coffee" /
 * bluebottle.com). Any label of the host counts, so a shop on a platform's subdomain
 * (acme.myshopify.com) keeps its name. "PayPal" on secure-account-verify.com does not fit.
 */
export function nameFitsDomain(name: string, domain: string): boolean {
  if (isIP(domain.replace(/^\[|\]$/g, ''))) return false;
  const words = nameWords(name);
  const compact = words.join('');
  if (compact.length < 2) return false;
  // Letters and very short words fit any label; they say nothing about whose name it is.
  const naming = words.filter((word) => word.length >= 3 && !nameFillers.has(word));
  const labels = [businessNameFromDomain(domain), ...domain.split('.').slice(0, -1)]
    .map((label) => nameWords(label).join(''))
    .filter((label) => label.length >= 2 && label !== 'www');
  return labels.some(
    (label) => label.includes(compact) || (naming.length > 0 && naming.every((word) => wordInLabel(word, label))),
  );
}
