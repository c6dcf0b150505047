// The blog's articles (docs/product.md "Screens and routes"): Markdown files in web/content/blog with front matter, read and
// checked at build time. Only the prerender (entry-server.tsx) imports this module — the
// browser bundle never carries the articles, the Markdown parser or full zod.
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { anchors, type BlogSlug, blogSlugs, paths } from '#shared/paths.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

/** Words a reader gets through in a minute; the reading time shown is words / this, rounded. */
export const wordsPerMinute = 230;

/** Where an article's calls to action and links may point (docs/product.md "Screens and routes": CTAs to /#pricing, /#examples, /). */
export const primaryCtaHref = `${paths.home}#${anchors.pricing}`;
export const secondaryCtaHref = (label: string) =>
  label === 'View Examples' ? paths.home : `${paths.home}#${anchors.examples}`;

const isoDate = z.iso.date();
const slugSchema = z.enum(blogSlugs);

const frontMatterSchema = z.strictObject({
  title: z.string().min(10).max(90),
  description: z.string().min(50).max(170),
  keywords: z.array(z.string().min(2)).min(3),
  datePublished: isoDate,
  /** Only for articles whose text reflects later events; shown as "Updated" and in JSON-LD. */
  dateModified: isoDate.optional(),
  readingMinutes: z.number().int().min(8).max(15),
  related: z.array(slugSchema).min(1).max(4),
  cta: z.strictObject({
    primary: z.string().min(3),
    secondary: z.enum(['See Examples', 'See Quality Examples', 'View Examples']),
  }),
});

export type ArticleFrontMatter = z.infer<typeof frontMatterSchema>;

export interface Article extends ArticleFrontMatter {
  slug: BlogSlug;
  path: string;
  /** The article body as HTML (from Markdown). */
  html: string;
  wordCount: number;
}

/** Front matter between the first two `---` lines, then the Markdown body. */
export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error('no front matter (--- … ---) at the top');
  return { data: parseYaml(match[1] ?? ''), body: source.slice(match[0].length) };
}

/** Words as `wc -w` counts them: runs of non-space characters. */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter(Boolean).length;
}

/**
 * What an article's `{{name}}` tokens say: facts the whole site states from one place, so an
 * article cannot drift from them. `{{delivery}}` is the stage's delivery time ("about a minute",
 * shared/delivery-time.ts), `{{Delivery}}` the same at the start of a sentence or a table cell.
 */
export function articleTokens(deliverySeconds: number): Record<string, string> {
  const words = typicalDeliveryWords(deliverySeconds);
  return { delivery: words, Delivery: `${words.charAt(0).toUpperCase()}${words.slice(1)}` };
}

/** The source with every token replaced; an unknown token is an error rather than text on the page. */
export function fillTokens(slug: BlogSlug, source: string, tokens: Record<string, string>): string {
  return source.replace(/\{\{([^{}]*)\}\}/g, (token, name: string) => {
    if (!Object.hasOwn(tokens, name)) {
      throw new Error(`web/content/blog/${slug}.md: unknown token ${token} (known: ${Object.keys(tokens).join(', ')})`);
    }
    return tokens[name] as string;
  });
}

const markdown = new Marked({ gfm: true, async: false });

/** One article, its tokens filled for a site promising `deliverySeconds` (the word count reads the filled text). */
export function parseArticle(slug: BlogSlug, source: string, deliverySeconds = siteDeliverySeconds): Article {
  const { data, body } = splitFrontMatter(fillTokens(slug, source, articleTokens(deliverySeconds)));
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(`web/content/blog/${slug}.md: ${z.prettifyError(parsed.error)}`);
  return {
    ...parsed.data,
    slug,
    path: paths.blogPost(slug),
    html: markdown.parse(body) as string,
    wordCount: countWords(body),
  };
}

const sources = import.meta.glob<string>('../../../content/blog/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every article, in the order of paths.ts's slug list; a missing or extra file is an error. */
export function loadArticles(
  files: Record<string, string> = sources,
  deliverySeconds = siteDeliverySeconds,
): Article[] {
  const bySlug = new Map(Object.entries(files).map(([file, source]) => [file.replace(/^.*\/|\.md$/g, ''), source]));
  const extra = [...bySlug.keys()].filter((slug) => !(blogSlugs as readonly string[]).includes(slug));
  if (extra.length > 0) throw new Error(`web/content/blog has articles with no route: ${extra.join(', ')}`);
  return blogSlugs.map((slug) => {
    const source = bySlug.get(slug);
    if (source === undefined) throw new Error(`web/content/blog/${slug}.md is missing`);
    return parseArticle(slug, source, deliverySeconds);
  });
}
