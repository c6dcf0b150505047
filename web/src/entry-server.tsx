// The build's prerender (docs/features.md "The site, the blog and SEO"): every public page rendered to HTML by React at
// build time. `/`, `/terms` and the 404 page are hydrated in the browser; the blog is static
// HTML with no JavaScript; `/success` and the newsletter result pages stay client-rendered
// shells (their content depends on the query string) with `noindex`. web/build.ts writes the
// files this returns.
import { finished } from 'node:stream/promises';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { pageFile, paths } from '#shared/paths.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';
import { App } from './app/app.tsx';
import { SiteLayout } from './app/layout/site-layout.tsx';
import { ToastProvider } from './components/toast.tsx';
import { type Article, loadArticles } from './features/blog/articles.ts';
import { ArticlePage } from './features/blog/components/article-page.tsx';
import { BlogIndexPage } from './features/blog/components/blog-index-page.tsx';
import { faqs } from './features/landing/faqs.ts';
import { type BuiltTemplate, renderDocument } from './prerender/document.ts';
import { type PageHead, renderPageHead } from './prerender/page-head.ts';
import { robotsTxt, rssXml, sitemapXml, webManifest } from './prerender/site-files.ts';
import { blogPosting, faqPage, organization, product } from './prerender/structured-data.ts';

/**
 * The element's complete HTML. A first pass with prerender (which waits for lazy pages) lets
 * every React.lazy resolve; the second pass, renderToString, then renders without suspending,
 * so the HTML is one plain document — prerender alone would move large boundaries out of line
 * behind inline scripts, which the CSP (script-src 'self') forbids.
 */
async function renderToHtml(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  prelude.resume();
  await finished(prelude);
  const html = renderToString(element);
  if (html.includes('<template') || html.includes('<!--$?-->')) {
    throw new Error('A page still suspended in its second render: its HTML would be incomplete.');
  }
  return html;
}

/** The app exactly as app/start.tsx hydrates it, at `location`. */
const appAt = (location: string) => (
  <StrictMode>
    <ToastProvider>
      <StaticRouter location={location}>
        <App />
      </StaticRouter>
    </ToastProvider>
  </StrictMode>
);

/** A page of the static blog: the site's frame around it, with no JavaScript. */
const staticPageAt = (location: string, page: React.ReactElement) => (
  <StaticRouter location={location}>
    <SiteLayout staticPage>{page}</SiteLayout>
  </StaticRouter>
);

// React 19 renders a component's <title> into the markup; the head builder owns the title of a
// prerendered document, so the component's copy is dropped from the body (it still sets
// document.title on client-side navigations).
const withoutTitles = (html: string) => html.replace(/<title>[\s\S]*?<\/title>/g, '');

export interface SiteBuild {
  template: BuiltTemplate;
  siteUrl: string;
  /** YYYY-MM-DD, for the sitemap's lastmod of pages without a date of their own. */
  builtOn: string;
}

/** Every prerendered file: path inside dist → contents. */
export async function renderSite({ template, siteUrl, builtOn }: SiteBuild): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const brand = config.brand.name;
  const head = (page: PageHead) => renderPageHead(page, siteUrl);
  /** The page's file in dist, as the edge and the deploy name it (paths.ts). */
  const fileOf = (path: string) => pageFile(path).slice(1);
  const hydrated = async (path: string, page: PageHead) => {
    const body = withoutTitles(await renderToHtml(appAt(path)));
    files.set(fileOf(path), renderDocument(template, { head: head(page), body, scripts: 'app' }));
  };
  const shell = (path: string, page: PageHead) =>
    files.set(
      fileOf(path),
      renderDocument(template, { head: head({ ...page, noindex: true }), body: '', scripts: 'app', inlineCss: false }),
    );
  const staticPage = async (page: PageHead & { path: string }, element: React.ReactElement) => {
    const body = await renderToHtml(staticPageAt(page.path, element));
    files.set(fileOf(page.path), renderDocument(template, { head: head(page), body, scripts: 'none' }));
  };

  await hydrated(paths.home, {
    title: `${brand} — AI video ads for ${config.price.shortLabel}`,
    description: `Paste your website, pay ${config.price.shortLabel} and get a ready-to-post 9:16 video ad for TikTok, Meta and YouTube in ${typicalDeliveryWords(siteDeliverySeconds)}. No subscription.`,
    path: paths.home,
    structuredData: [organization(siteUrl), product(siteUrl), faqPage(faqs)],
  });
  await hydrated(paths.terms, {
    title: `Terms of Service — ${brand}`,
    description: `The terms for buying a ${brand} video ad: payment, delivery, refunds when an ad cannot be made, your licence to use it, and liability.`,
    path: paths.terms,
  });
  // Served for every unknown path, so it names none of its own (and is not indexed).
  await hydrated(paths.notFound, {
    title: `Page not found — ${brand}`,
    description: 'This page does not exist.',
    noindex: true,
  });
  shell(paths.success, { title: `Your order — ${brand}`, description: 'The status of your video ad order.' });
  for (const path of [
    paths.newsletterConfirm,
    paths.newsletterUnsubscribe,
    paths.newsletterConfirmed,
    paths.newsletterUnsubscribed,
  ]) {
    shell(path, { title: `Newsletter — ${brand}`, description: 'Your newsletter subscription.' });
  }

  const articles = loadArticles();
  const bySlug = new Map(articles.map((article) => [article.slug, article]));
  const newestFirst = [...articles].sort((a, b) => b.datePublished.localeCompare(a.datePublished));
  await staticPage(
    {
      title: `Blog — ${brand}`,
      description:
        'Guides to short vertical video ads: what converts, what it costs, platform specs, and how to make ads without a studio.',
      path: paths.blog,
    },
    <BlogIndexPage articles={newestFirst} />,
  );
  for (const article of articles) {
    const related = article.related.flatMap((slug) => bySlug.get(slug) ?? []) satisfies Article[];
    await staticPage(
      {
        title: `${article.title} — ${brand}`,
        description: article.description,
        keywords: article.keywords,
        path: article.path,
        type: 'article',
        structuredData: [blogPosting(article, siteUrl)],
      },
      <ArticlePage article={article} related={related} />,
    );
  }

  files.set('sitemap.xml', sitemapXml(siteUrl, articles, builtOn));
  files.set('robots.txt', robotsTxt(siteUrl));
  files.set(paths.feed.slice(1), rssXml(siteUrl, articles));
  files.set('site.webmanifest', webManifest());
  return files;
}
