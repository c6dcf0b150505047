// The buyer's domain as a person reads it, and the business name a domain suggests when the
// page itself names nothing (or cannot be fetched).
import { isIP } from 'node:net';

// Registries that sell names one level down (acme.co.uk, acme.com.au): the name is one label further left.
const secondLevelRegistries = new Set(['ac', 'co', 'com', 'edu', 'gov', 'ne', 'net', 'or', 'org']);

/** 'https://www.acme.com/shop' → 'acme.com': what the end card shows. */
export function displayDomain(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/** 'shop.northwind-shoes.co.uk' → 'Northwind Shoes'; an IP address stays as it is. */
export function businessNameFromDomain(domain: string): string {
  if (isIP(domain.replace(/^\[|\]$/g, ''))) return domain;
  const labels = domain.toLowerCase().split('.').filter(Boolean);
  const secondLevel =
    labels.length >= 3 && labels.at(-1)?.length === 2 && secondLevelRegistries.has(labels.at(-2) ?? '');
  const label = labels.at(secondLevel ? -3 : -2) ?? labels[0] ?? '';
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
