// The prerendered site (docs/features.md "The site, the blog and SEO") as the twin serves it: every public page's HTML carries its
// content and meta before any JavaScript runs, the blog ships no JavaScript, the crawler files
// list what exists, and a crawl from `/` finds no broken internal link or anchor. Then, in
// Chromium, the hydrated pages come alive without a hydration error.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootFiles } from '#lib/site/edge-functions.ts';
import { config } from '#shared/config.ts';
import { deliverySeconds } from '#shared/delivery-time.ts';
import { blogSlugs, paths } from '#shared/paths.ts';
import { readSiteBuildInfo, siteBuildInfoFile } from '#shared/site-build-info.ts';
import { loadArticles } from '#web/features/blog/articles.ts';
import { exampleVoice } from '#web/features/landing/example-ads.ts';
import { faqs } from '#web/features/landing/faqs.ts';
import { browserForSuite, waitForReact } from '../../../support/browser.ts';
import { twinForSuite } from '../../../support/twin.ts';

const twin = twinForSuite();
const browser = browserForSuite();
const dist = join(process.cwd(), 'web', 'dist');
const articles = loadArticles();

const fetchPage = async (path: string) => {
  const response = await fetch(`${twin.current.url}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
};
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const canonicalOf = (html: string) => attribute(html, /<link rel="canonical" href="([^"]+)"/);
const titleOf = (html: string) => attribute(html, /<title>([^<]*)<\/title>/);
const descriptionOf = (html: string) => attribute(html, /<meta name="description" content="([^"]*)"/);
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
const scriptSources = (html: string) => [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('the prerendered pages, before any JavaScript runs', () => {
  it('/ has the hero, every section and its meta, and Organization, Product and FAQPage data', async () => {
    const { status, html } = await fetchPage('/');
    expect(status).toBe(200);
    for (const text of ['Generate My Ad for $5', 'Watch example', 'Questions, answered', faqs[0]?.question ?? '']) {
      expect(decode(html)).toContain(text);
    }
    for (const anchor of ['examples', 'pricing', 'faq', 'support', 'privacy']) expect(html).toContain(`id="${anchor}"`);
    expect(canonicalOf(html)).toBe(`${config.siteUrl}/`);
    expect(descriptionOf(html)?.length).toBeGreaterThan(50);
    const data = structuredData(html);
    expect(data.map((item) => item['@type'])).toEqual(['Organization', 'Product', 'FAQPage']);
    expect(data[1]?.offers).toMatchObject({ price: '5.00', priceCurrency: 'USD' });
    expect(data[2]?.mainEntity).toHaveLength(faqs.length);
    expect(scriptSources(html).some((src) => src.startsWith('/assets/'))).toBe(true);
  });

  it('/ says when the example ads are read by the offline voice, not the neural voice an order gets', async () => {
    const { html } = await fetchPage('/');
    const note = 'These examples are read by the offline voice our test machines use.';
    // tools/render-examples.ts records the voice it rendered with; today's files are the offline voice.
    expect(exampleVoice).toBe('local');
    expect(decode(html)).toContain(note);
    expect(decode(html)).not.toContain('generated from a website in minutes');
  });

  it('/terms has its sections and meta and hydrates', async () => {
    const { html } = await fetchPage('/terms');
    expect(html).toContain('Terms of Service');
    expect(decode(html)).toContain(config.company.name);
    expect(titleOf(html)).toBe(`Terms of Service — ${config.brand.name}`);
    expect(canonicalOf(html)).toBe(`${config.siteUrl}/terms`);
  });

  it.each(articles)('$path has its text, meta, canonical and BlogPosting data, and no JavaScript', async (article) => {
    const { status, html } = await fetchPage(article.path);
    expect(status).toBe(200);
    expect(titleOf(decode(html))).toBe(`${article.title} — ${config.brand.name}`);
    expect(decode(descriptionOf(html) ?? '')).toBe(article.description);
    expect(canonicalOf(html)).toBe(`${config.siteUrl}${article.path}`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(article.html)?.[1] ?? '';
    expect(html).toContain(firstParagraph.slice(0, 120));
    expect(decode(html)).toContain(`${article.readingMinutes} min read`);
    expect(html).toContain(`The ${config.brand.name} Team`);
    expect(html).toContain('Back to Home');
    const [posting] = structuredData(html);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: article.title,
      datePublished: article.datePublished,
      dateModified: article.dateModified ?? article.datePublished,
    });
    if (article.dateModified) expect(html).toContain(`Updated <time dateTime="${article.dateModified}">`);
    expect(scriptSources(html)).toEqual([]);
    expect(html).not.toContain('modulepreload');
  });

  it('/blog lists every article, with no JavaScript', async () => {
    const { status, html } = await fetchPage(paths.blog);
    expect(status).toBe(200);
    for (const article of articles) expect(html).toContain(`href="${article.path}"`);
    expect(scriptSources(html)).toEqual([]);
  });

  it('the order page and the 404 page are not indexed; the order page is a client-rendered shell', async () => {
    const success = await fetchPage('/success?order_id=abc');
    expect(success.html).toContain('<meta name="robots" content="noindex" />');
    expect(success.html).toContain('<div id="root"></div>');
    const missing = await fetchPage('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<meta name="robots" content="noindex" />');
    expect(missing.html).toContain('Oops! Page not found');
    expect((await fetchPage('/blog/no-such-article')).status).toBe(404);
  });

  it('sitemap.xml lists exactly the indexable pages; robots.txt points at it; the feed has every article', async () => {
    const sitemap = (await fetchPage('/sitemap.xml')).html;
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(
      [
        `${config.siteUrl}/`,
        `${config.siteUrl}/terms`,
        `${config.siteUrl}/blog`,
        ...blogSlugs.map((s) => `${config.siteUrl}/blog/${s}`),
      ].sort(),
    );
    expect((await fetchPage('/robots.txt')).html).toContain(`Sitemap: ${config.siteUrl}/sitemap.xml`);
    const feed = (await fetchPage(paths.feed)).html;
    expect([...feed.matchAll(/<item>/g)].length).toBe(blogSlugs.length);
    const manifest = JSON.parse((await fetchPage('/site.webmanifest')).html) as { icons: { src: string }[] };
    for (const icon of manifest.icons) expect((await fetch(`${twin.current.url}${icon.src}`)).status).toBe(200);
    for (const file of ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'og-image.jpg']) {
      expect((await fetch(`${twin.current.url}/${file}`)).status).toBe(200);
    }
  });
});

describe('a crawl of the site from /', () => {
  it('finds every page and no broken internal link or anchor', async () => {
    const seen = new Map<string, string>();
    const queue = ['/'];
    const broken: string[] = [];
    const anchorsToCheck: { from: string; path: string; id: string }[] = [];
    while (queue.length > 0) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      const { status, html } = await fetchPage(path);
      seen.set(path, html);
      if (status !== 200) {
        broken.push(`${path} → ${status}`);
        continue;
      }
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        if (!href || /^(mailto:|https?:)/.test(href)) continue;
        const target = new URL(decode(href), `http://site${path}`);
        if (target.hash) anchorsToCheck.push({ from: path, path: target.pathname, id: target.hash.slice(1) });
        if (!seen.has(target.pathname) && !queue.includes(target.pathname)) queue.push(target.pathname);
      }
    }
    for (const { from, path, id } of anchorsToCheck) {
      if (!seen.get(path)?.includes(`id="${id}"`)) broken.push(`${from} → ${path}#${id} (no such anchor)`);
    }
    expect(broken).toEqual([]);
    const pages = [...seen.keys()];
    for (const expected of ['/', '/terms', '/blog', ...blogSlugs.map((slug) => paths.blogPost(slug))]) {
      expect(pages).toContain(expected);
    }
  });
});

describe('the prerendered pages in Chromium', () => {
  it.each(['/', '/terms', '/no-such-page'])('%s hydrates without an error and then reacts', async (path) => {
    const page = await browser.current.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${twin.current.url}${path}`);
    await waitForReact(page);
    await page.evaluate(() => Object.assign(window, { hydrationMark: 'same document' }));
    // React Router moves to the home page's section without loading a new document.
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page.waitForURL(`${twin.current.url}/#pricing`);
    expect(await page.evaluate(() => (window as { hydrationMark?: string }).hydrationMark)).toBe('same document');
    await expect.poll(() => page.getByRole('button', { name: 'Generate My Ad for $5' }).count()).toBeGreaterThan(0);
    await page.close();
    // The 404 document itself is reported as a failed load; that is its status, not an error.
    expect(errors.filter((text) => !(path === '/no-such-page' && text.includes('status of 404')))).toEqual([]);
  });

  it('/ hydrates its text-only sections from their HTML with none of their code; a visit from another page loads them', async () => {
    const page = await browser.current.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const sectionCode = /\/assets\/(faq-section|value-section|testimonials-section|how-it-works|privacy-notice)-/;
    const firstQuestion = faqs[0]?.question ?? '';
    await page.goto(`${twin.current.url}/`, { waitUntil: 'networkidle' });
    await waitForReact(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => sectionCode.test(path))).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Questions, answered' }).count()).toBe(1);
    expect(await page.getByText(firstQuestion).count()).toBeGreaterThan(0);
    expect(await page.locator('#privacy').count()).toBe(1);
    // No hydrated React tree there: the sections were adopted as HTML, and stay.
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${twin.current.url}/terms`);
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.waitForURL(`${twin.current.url}/#faq`);
    await expect.poll(() => page.getByText(firstQuestion).count()).toBeGreaterThan(0);
    expect(await page.locator('#privacy').count()).toBe(1);
    expect(scripts.filter((path) => sectionCode.test(path)).length).toBe(5);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the error boundary when a page’s code cannot load (offline, or removed by a deploy)', async () => {
    const page = await browser.current.newPage();
    await page.goto(`${twin.current.url}/`);
    await waitForReact(page);
    await page.route('**/assets/terms-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(1);
    expect(await page.getByText(/Failed to fetch dynamically imported module/).count()).toBe(1);
    // Return to Home leaves the error behind.
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(0);
    await page.close();
  });

  it('an article works with JavaScript off: its CTA leads to the order form', async () => {
    const context = await browser.current.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const article = articles[0];
    await page.goto(`${twin.current.url}${article?.path}`);
    // The closing call to action (an article may also have one inline).
    await page.getByRole('link', { name: article?.cta.primary }).last().click();
    await page.waitForURL(`${twin.current.url}/#pricing`);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await context.close();
  });
});

it('web/dist holds a built page per public route, and at its root exactly the files the edge passes through', async () => {
  for (const file of ['index.html', 'terms.html', '404.html', 'success.html', 'blog.html']) {
    expect((await readFile(join(dist, file), 'utf8')).length).toBeGreaterThan(500);
  }
  const entries = await readdir(dist, { withFileTypes: true });
  // Besides what the build was made for, which the deploy reads and never uploads.
  const rootFilesBuilt = entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.html') && entry.name !== siteBuildInfoFile)
    .map((entry) => `/${entry.name}`);
  expect(rootFilesBuilt.sort()).toEqual([...rootFiles].sort());
  expect(readSiteBuildInfo(await readFile(join(dist, siteBuildInfoFile), 'utf8'))).toEqual({
    siteUrl: config.siteUrl,
    footageModel: null,
    deliverySeconds: deliverySeconds(),
  });
});
