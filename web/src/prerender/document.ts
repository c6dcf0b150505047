// Turns the client build's index.html into each prerendered document: the page's head tags in
// place of the template's, its HTML in #root, the stylesheet inlined on prerendered pages (one
// request fewer before first paint). Static pages (the blog) lose the script tags: they ship no
// JavaScript.

export interface BuiltTemplate {
  /** dist/index.html as Vite wrote it. */
  html: string;
  /** The stylesheet's URL as the template links it, and its text. */
  cssHref: string;
  css: string;
}

const headRegion = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const bodyMarker = '<!--page-body-->';

/** The stylesheet Vite linked into the template. */
export function linkedStylesheet(html: string): string {
  const match = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/.exec(html);
  if (!match?.[1]) throw new Error('The built index.html links no stylesheet.');
  return match[1];
}

export function renderDocument(
  template: BuiltTemplate,
  page: { head: string; body: string; scripts: 'app' | 'none'; inlineCss?: boolean },
): string {
  if (!headRegion.test(template.html) || !template.html.includes(bodyMarker)) {
    throw new Error('web/index.html lost its <!--page-head--> or <!--page-body--> marker.');
  }
  let html = template.html.replace(headRegion, () => page.head).replace(bodyMarker, () => page.body);
  // A client-rendered shell keeps the link: its lazy page chunks list the stylesheet as a
  // dependency, and Vite's loader fetches it again unless it sees that link.
  if (page.inlineCss !== false) {
    html = html.replace(
      new RegExp(`<link rel="stylesheet"[^>]*href="${escapeRegExp(template.cssHref)}"[^>]*>`),
      () => `<style>${template.css}</style>`,
    );
  }
  if (page.scripts === 'app') {
    // The page is readable before its script runs (prerendered), so hydration's code is fetched
    // after what paints: the poster and the images (FCP/LCP on a slow phone).
    html = html
      .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
      .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin');
  }
  if (page.scripts === 'none') {
    html = html
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  }
  return html;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
