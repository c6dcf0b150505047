// The <head> tags of one prerendered page: title, description, canonical link, robots, Open
// Graph / Twitter cards and JSON-LD. Canonical URLs are absolute, without a trailing slash
// (docs/features.md "The site, the blog and SEO"), under the stage's site URL.
import { config } from '#shared/config.ts';
import { escapeHtml } from '#shared/html.ts';

export interface PageHead {
  title: string;
  description: string;
  /** Site path of the page; omitted for pages that must not be indexed (404, order page). */
  path?: string;
  keywords?: readonly string[];
  /** `article` for blog posts, `website` otherwise. */
  type?: 'website' | 'article';
  noindex?: boolean;
  /** Objects written as <script type="application/ld+json">. */
  structuredData?: readonly object[];
}

/** The picture a shared link shows (web/public/og-image.jpg, drawn by tools/render-icons.ts). */
export const socialImage = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: `${config.brand.name}: video ads for ${config.price.shortLabel}, made from your website`,
} as const;

/** JSON inside a <script> element: `<` is escaped so no string can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function canonicalUrl(siteUrl: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return path === '/' ? `${origin}/` : `${origin}${path.replace(/\/+$/, '')}`;
}

export function renderPageHead(head: PageHead, siteUrl: string = config.siteUrl): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.keywords?.length) tags.push(`<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}" />`);
  if (head.noindex || head.path === undefined) tags.push('<meta name="robots" content="noindex" />');
  else {
    const url = canonicalUrl(siteUrl, head.path);
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="${head.type ?? 'website'}" />`,
      `<meta property="og:site_name" content="${escapeHtml(config.brand.name)}" />`,
      `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${escapeHtml(canonicalUrl(siteUrl, socialImage.path))}" />`,
      `<meta property="og:image:width" content="${socialImage.width}" />`,
      `<meta property="og:image:height" content="${socialImage.height}" />`,
      `<meta property="og:image:alt" content="${escapeHtml(socialImage.alt)}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
      `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(canonicalUrl(siteUrl, socialImage.path))}" />`,
    );
  }
  for (const data of head.structuredData ?? [])
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
