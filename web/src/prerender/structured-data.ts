// schema.org JSON-LD for the prerendered pages: Organization, Product (one ad at the flat
// price) and FAQPage on `/`, BlogPosting on each article. No ratings or reviews: the seed's
// social-proof figures are not yet true (docs/deploy.md "Launch checklist"), so they are not published as data.
import { config } from '#shared/config.ts';
import { adDurations } from '#shared/contract.ts';
import type { Article } from '#web/features/blog/articles.ts';
import { authorLabel } from '#web/features/blog/components/article-meta.tsx';
import { canonicalUrl } from './page-head.ts';

const organizationId = (siteUrl: string) => `${canonicalUrl(siteUrl, '/')}#organization`;

export function organization(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: config.brand.name,
    legalName: config.company.name,
    url: canonicalUrl(siteUrl, '/'),
    logo: canonicalUrl(siteUrl, '/icon-512.png'),
    email: config.supportEmail,
    sameAs: config.site.socialLinks.map((link) => link.url),
  };
}

export function product(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${config.brand.name} video ad`,
    description: `One vertical ${config.video.width}x${config.video.height} MP4 video ad (${adDurations.join(', ')} seconds) written from your website, with an AI voice-over, word-by-word captions and original music, for TikTok, Instagram Reels, Facebook and YouTube Shorts.`,
    brand: { '@type': 'Brand', name: config.brand.name },
    offers: {
      '@type': 'Offer',
      price: (config.price.amountCents / 100).toFixed(2),
      priceCurrency: config.price.currency.toUpperCase(),
      availability: 'https://schema.org/InStock',
      url: `${canonicalUrl(siteUrl, '/')}#pricing`,
      seller: { '@id': organizationId(siteUrl) },
    },
  };
}

export function faqPage(faqs: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

export function blogPosting(article: Article, siteUrl: string) {
  const url = canonicalUrl(siteUrl, article.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    keywords: article.keywords.join(', '),
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    wordCount: article.wordCount,
    timeRequired: `PT${article.readingMinutes}M`,
    author: { '@type': 'Organization', name: authorLabel, url: canonicalUrl(siteUrl, '/') },
    publisher: { '@id': organizationId(siteUrl), '@type': 'Organization', name: config.brand.name },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}
