// Every route path of the site, in one place (docs/product.md "Screens and routes"). Pages, links, the prerender step and the
// CloudFront viewer-request function's list of known paths all read it.
export const blogSlugs = [
  'how-to-create-ai-video-ads-that-convert',
  'ai-video-reelfive-complete-guide',
  'video-advertising-best-practices-social-media',
  'best-ugc-creators-guide',
  'ugc-vs-traditional-advertising-cost-comparison',
  'ai-replacing-ugc-creators',
  'how-to-make-ugc-content-for-brands',
  'ugc-ad-examples-that-convert',
  'ai-ugc-generator',
  'tiktok-ad-maker',
  'product-video-maker-ecommerce',
  'cheap-alternative-ugc-creators',
  'create-ads-without-marketing-team',
  'how-to-use-sora-2-for-video-ads',
  'best-sora-2-alternative-video-ads',
  'cheap-sora-2-alternative',
  'sora-2-vs-reelfive-comparison',
] as const;
export type BlogSlug = (typeof blogSlugs)[number];

export const paths = {
  home: '/',
  terms: '/terms',
  success: '/success',
  notFound: '/404',
  blog: '/blog',
  /** The blog's RSS feed. */
  feed: '/rss.xml',
  blogPost: (slug: BlogSlug) => `/blog/${slug}`,
  orderStatus: (orderId: string) => `/success?order_id=${encodeURIComponent(orderId)}`,
  /** The pages a newsletter email's links open: a button there acts, the page's load does not. */
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  newsletterConfirmed: '/newsletter/confirmed',
  newsletterUnsubscribed: '/newsletter/unsubscribed',
  /** Where a confirm or unsubscribe link lands when it is unknown or expired, or the API failed. */
  newsletterLinkProblem: (page: '/newsletter/confirmed' | '/newsletter/unsubscribed', problem: 'invalid' | 'error') =>
    `${page}?status=${problem}`,
} as const;

export const anchors = {
  examples: 'examples',
  pricing: 'pricing',
  faq: 'faq',
  support: 'support',
  privacy: 'privacy',
} as const;

/**
 * The built file (the S3 object in AWS) that holds a page: `/` → `/index.html`, `/terms` →
 * `/terms.html`. The prerender writes it, the deploy uploads it, the edge maps the path to it.
 */
export function pageFile(path: string): string {
  return path === paths.home ? '/index.html' : `${path}.html`;
}

/** Page paths that exist as documents (CloudFront maps them to objects; the rest are 404). */
export const pagePaths: readonly string[] = [
  paths.home,
  paths.terms,
  paths.success,
  paths.notFound,
  paths.newsletterConfirm,
  paths.newsletterUnsubscribe,
  paths.newsletterConfirmed,
  paths.newsletterUnsubscribed,
  paths.blog,
  ...blogSlugs.map((slug) => paths.blogPost(slug)),
];
