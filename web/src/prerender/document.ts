// Turns the client build's index.html into each prerendered document: the page's head tags in
// place of the template's, its HTML in #root, the stylesheet inlined (one request fewer before
// first paint; the file stays for the client-rendered pages' later navigations) and the font
// preloaded. Static pages (the blog) lose the script tags: they ship no JavaScript.

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

/** The variable Inter file the stylesheet's @font-face points at, to preload it. */
export function fontUrl(css: string): string | null {
  return /url\("?([^")]+\.woff2)"?\)/.exec(css)?.[1] ?? null;
}

export function renderDocument(
  template: BuiltTemplate,
  page: { head: string; body: string; scripts: 'app' | 'none' },
): string {
  if (!headRegion.test(template.html) || !template.html.includes(bodyMarker)) {
    throw new Error('web/index.html lost its <!--page-head--> or <!--page-body--> marker.');
  }
  const font = fontUrl(template.css);
  const preload = font ? `\n    <link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin />` : '';
  let html = template.html.replace(headRegion, () => `${page.head}${preload}`).replace(bodyMarker, () => page.body);
  html = html.replace(
    new RegExp(`<link rel="stylesheet"[^>]*href="${escapeRegExp(template.cssHref)}"[^>]*>`),
    () => `<style>${template.css}</style>`,
  );
  if (page.scripts === 'none') {
    html = html
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  }
  return html;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
