// One blog article (docs/product.md "Screens and routes"): Back to Home, a header with title, date,
// reading time and author, the article, a closing call to action and related reading.
// Rendered only at build time, to static HTML with no JavaScript: links are plain anchors.
import { config } from '#shared/config.ts';
import { paths } from '#shared/paths.ts';
import { primaryButton, secondaryButton } from '#web/components/styles.ts';
import { type Article, primaryCtaHref, secondaryCtaHref } from '#web/features/blog/articles.ts';
import { ArticleMeta } from './article-meta.tsx';

export function ArticlePage({ article, related }: { article: Article; related: readonly Article[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <a href={paths.home} className={secondaryButton}>
        <span aria-hidden="true">←</span> Back to Home
      </a>
      <header className="mt-8 border-b border-slate-200 pb-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
          <a href={paths.blog} className="rounded hover:underline">
            {config.brand.name} Blog
          </a>
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {article.title}
        </h1>
        <ArticleMeta article={article} className="mt-4" />
      </header>
      <div
        className="prose prose-slate mt-8 max-w-none prose-headings:tracking-tight prose-a:text-indigo-700 prose-table:text-sm sm:prose-lg"
        // The HTML comes from our own Markdown files in web/content/blog, at build time.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, build-time content
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      <aside aria-labelledby="article-cta" className="mt-12 rounded-2xl bg-slate-950 p-8 text-center text-white">
        <h2 id="article-cta" className="text-2xl font-bold tracking-tight">
          Your next ad, ready today
        </h2>
        <p className="mx-auto mt-3 max-w-lg text-slate-300">
          Paste your website, pay {config.price.label} once and get a {config.video.width}x{config.video.height}{' '}
          vertical video ad, written from your site, voiced and captioned, by email. If we cannot make it, you are
          refunded automatically.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={primaryCtaHref} className={primaryButton}>
            {article.cta.primary}
          </a>
          <a
            href={secondaryCtaHref(article.cta.secondary)}
            className="inline-flex items-center justify-center rounded-xl border border-white/30 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            {article.cta.secondary}
          </a>
        </div>
      </aside>
      {related.length > 0 ? (
        <nav aria-labelledby="related-articles" className="mt-12">
          <h2 id="related-articles" className="text-lg font-semibold text-slate-900">
            Related articles
          </h2>
          <ul className="mt-4 space-y-3">
            {related.map((other) => (
              <li key={other.slug}>
                <a href={other.path} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
                  {other.title}
                </a>
                <span className="text-sm text-slate-600">{` · ${other.readingMinutes} min read`}</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
