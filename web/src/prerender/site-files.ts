// The site's files for crawlers and devices: sitemap.xml, robots.txt, the blog's RSS feed and
// the web app manifest. Pages that must not be indexed (the order page, 404, newsletter
// results) are left out of the sitemap and carry `noindex`.
import { config } from '#shared/config.ts';
import { escapeHtml } from '#shared/html.ts';
import { paths } from '#shared/paths.ts';
import type { Article } from '#web/features/blog/articles.ts';
import { authorLabel } from '#web/features/blog/components/article-meta.tsx';
import { canonicalUrl } from './page-head.ts';

export function sitemapXml(siteUrl: string, articles: readonly Article[], builtOn: string): string {
  const newestArticle =
    articles
      .map((a) => a.dateModified ?? a.datePublished)
      .sort()
      .at(-1) ?? builtOn;
  const entries = [
    { path: paths.home, lastmod: builtOn },
    { path: paths.terms, lastmod: builtOn },
    { path: paths.blog, lastmod: newestArticle },
    ...articles.map((article) => ({ path: article.path, lastmod: article.dateModified ?? article.datePublished })),
  ];
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeHtml(canonicalUrl(siteUrl, path))}</loc><lastmod>${lastmod}</lastmod></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${canonicalUrl(siteUrl, '/sitemap.xml')}\n`;
}

/** RFC 822 date for RSS: `2025-01-15` → `Wed, 15 Jan 2025 00:00:00 GMT`. */
const rssDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString();

export function rssXml(siteUrl: string, articles: readonly Article[]): string {
  const newestFirst = [...articles].sort((a, b) => b.datePublished.localeCompare(a.datePublished));
  const items = newestFirst
    .map((article) => {
      const url = canonicalUrl(siteUrl, article.path);
      return [
        '    <item>',
        `      <title>${escapeHtml(article.title)}</title>`,
        `      <link>${escapeHtml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeHtml(url)}</guid>`,
        `      <description>${escapeHtml(article.description)}</description>`,
        `      <pubDate>${rssDate(article.datePublished)}</pubDate>`,
        `      <dc:creator>${escapeHtml(authorLabel)}</dc:creator>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeHtml(`The ${config.brand.name} Blog`)}</title>
    <link>${escapeHtml(canonicalUrl(siteUrl, paths.blog))}</link>
    <atom:link href="${escapeHtml(canonicalUrl(siteUrl, paths.feed))}" rel="self" type="application/rss+xml" />
    <description>Practical guides to short vertical video ads.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
}

export function webManifest(): string {
  return `${JSON.stringify(
    {
      name: config.brand.name,
      short_name: config.brand.name,
      description: `Vertical video ads for ${config.price.label}, made from your website.`,
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0b1020',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    },
    null,
    2,
  )}\n`;
}
