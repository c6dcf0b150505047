// How the prerender turns the built index.html into each page's document.
import { describe, expect, it } from 'vitest';
import { linkedStylesheet, renderDocument } from '#web/prerender/document.ts';
import { canonicalUrl, renderPageHead } from '#web/prerender/page-head.ts';

const html = `<!doctype html><html><head>
<!--page-head--><title>Default</title><!--/page-head-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/config-abc.js">
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
</head><body><div id="root"><!--page-body--></div></body></html>`;
const template = { html, cssHref: linkedStylesheet(html), css: 'body{color:red}' };

describe('a prerendered document', () => {
  it('carries the page’s head and HTML, the stylesheet inline and React’s code at low priority', () => {
    const page = renderDocument(template, { head: '<title>Terms</title>', body: '<h1>Terms</h1>', scripts: 'app' });
    expect(page).toContain('<title>Terms</title>');
    expect(page).not.toContain('Default');
    expect(page).toContain('<div id="root"><h1>Terms</h1></div>');
    expect(page).toContain('<style>body{color:red}</style>');
    expect(page).not.toContain('index-abc.css');
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
  });

  it('ships no JavaScript for a static page', () => {
    const page = renderDocument(template, { head: '', body: '<article></article>', scripts: 'none' });
    expect(page).not.toMatch(/<script|modulepreload/);
  });

  it('keeps the stylesheet linked for a client-rendered shell', () => {
    const page = renderDocument(template, { head: '', body: '', scripts: 'app', inlineCss: false });
    expect(page).toContain('href="/assets/index-abc.css"');
    expect(page).not.toContain('<style>');
  });

  it('refuses a template that lost its markers', () => {
    expect(() =>
      renderDocument({ ...template, html: '<html></html>' }, { head: '', body: '', scripts: 'app' }),
    ).toThrow(/page-head/);
  });

  it('writes `$` in a page literally (no replacement patterns)', () => {
    const page = renderDocument(template, { head: '', body: '<p>$5 and $&</p>', scripts: 'none' });
    expect(page).toContain('<p>$5 and $&</p>');
  });
});

describe('the head of a page', () => {
  it('has a canonical URL without a trailing slash except for /', () => {
    expect(canonicalUrl('https://reelfive.com/', '/')).toBe('https://reelfive.com/');
    expect(canonicalUrl('https://reelfive.com', '/blog/x/')).toBe('https://reelfive.com/blog/x');
  });

  it('escapes text and keeps JSON-LD from closing its script element', () => {
    const head = renderPageHead({
      title: 'A "quoted" <title>',
      description: 'Fish & chips',
      path: '/terms',
      structuredData: [{ text: '</script><script>alert(1)</script>' }],
    });
    expect(head).toContain('<title>A &quot;quoted&quot; &lt;title&gt;</title>');
    expect(head).toContain('content="Fish &amp; chips"');
    expect(head).not.toContain('</script><script>');
  });

  it('gives an indexable page a large social card with the site’s image', () => {
    const head = renderPageHead(
      { title: 'Terms', description: 'The terms of the service.', path: '/terms' },
      'https://x.test',
    );
    expect(head).toContain('<meta property="og:image" content="https://x.test/og-image.jpg" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('marks a page without a path as not to be indexed, with no canonical', () => {
    const head = renderPageHead({ title: 'Not found', description: 'Missing page here.' });
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('canonical');
  });
});
