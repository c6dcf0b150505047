// The footer's blog links (docs/product.md "Screens and routes"): every article slug with a readable title.
import { config } from '#shared/config.ts';
import { type BlogSlug, blogSlugs, paths } from '#shared/paths.ts';

const wordForms: Record<string, string> = {
  ai: 'AI',
  ugc: 'UGC',
  tiktok: 'TikTok',
  ecommerce: 'E-commerce',
  vs: 'vs',
  to: 'to',
  for: 'for',
  that: 'that',
  without: 'without',
  [config.brand.slug]: config.brand.name,
};

/** `ugc-vs-traditional-advertising-cost-comparison` → `UGC vs Traditional Advertising Cost Comparison`. */
export function blogTitle(slug: BlogSlug): string {
  return slug
    .split('-')
    .map((word, index) => {
      const form = wordForms[word];
      if (form && !(index === 0 && form === word)) return form;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

export const blogLinks = blogSlugs.map((slug) => ({ href: paths.blogPost(slug), title: blogTitle(slug) }));
