// The byline of an article: published date, the "Updated" date when the text reflects later
// events, reading time and author (docs/product.md "Screens and routes": the team's label).
import { config } from '#shared/config.ts';
import type { Article } from '#web/features/blog/articles.ts';

export const authorLabel = `The ${config.brand.name} Team`;

/** `2025-01-15` → `January 15, 2025`, read as a calendar date (no time zone shift). */
export function formatArticleDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export function ArticleMeta({ article, className = '' }: { article: Article; className?: string }) {
  return (
    <p className={`flex flex-wrap gap-x-2 gap-y-1 text-sm text-slate-600 ${className}`}>
      <time dateTime={article.datePublished}>{formatArticleDate(article.datePublished)}</time>
      {article.dateModified ? (
        <>
          <span aria-hidden="true">·</span>
          <span>
            Updated <time dateTime={article.dateModified}>{formatArticleDate(article.dateModified)}</time>
          </span>
        </>
      ) : null}
      <span aria-hidden="true">·</span>
      <span>{`${article.readingMinutes} min read`}</span>
      <span aria-hidden="true">·</span>
      <span>{`By ${authorLabel}`}</span>
    </p>
  );
}
