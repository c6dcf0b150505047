// `/blog`: every article, newest first, with its summary and byline. Static HTML, no JavaScript.
import { config } from '#shared/config.ts';
import { paths } from '#shared/paths.ts';
import type { Article } from '#web/features/blog/articles.ts';
import { ArticleMeta } from './article-meta.tsx';

export function BlogIndexPage({ articles }: { articles: readonly Article[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">The {config.brand.name} Blog</h1>
      <p className="mt-4 text-lg text-slate-700">
        Practical guides to short video ads: what converts, what it costs, and how to make one without a studio.{' '}
        <a href={paths.feed} className="font-semibold text-indigo-700 underline">
          RSS feed
        </a>
      </p>
      <ul className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
        {articles.map((article) => (
          <li key={article.slug} className="py-6">
            <h2 className="text-xl font-semibold tracking-tight text-slate-900">
              <a href={article.path} className="rounded hover:text-indigo-700 hover:underline">
                {article.title}
              </a>
            </h2>
            <ArticleMeta article={article} className="mt-2" />
            <p className="mt-3 text-slate-700">{article.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
