// Reading a parsed page as a visitor sees it: visible text only, site chrome told apart from copy,
// URLs resolved against the page. Shared by every extractor of site facts.
import { DomUtils, ElementType, type parseDocument } from 'htmlparser2';

export type DomNode = ReturnType<typeof parseDocument>['children'][number];
export type DomElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const invisibleTags = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'head']);
const inlineTags = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
/** Elements that never start a block of text of their own. */
const flowTags = new Set([...inlineTags, 'img', 'picture', 'source', 'br', 'wbr']);
/** Containers whose text is site chrome, not copy about the business. */
const chromeTags = new Set(['nav', 'footer', 'header', 'aside', 'form', 'button', 'select', 'dialog']);
const chromeRoles = new Set(['navigation', 'contentinfo', 'banner', 'dialog', 'menu', 'menubar']);
const chromeNames =
  /nav|menu|footer|cookie|consent|gdpr|breadcrumb|sidebar|drawer|modal|popup|announcement|newsletter|social|share|legal|skip/i;
/** Chrome that never says anything true about the business (announcement bars and headers do). */
const noiseTags = new Set(['nav', 'footer', 'form', 'button', 'select', 'dialog']);
const noiseNames =
  /nav|menu|footer|cookie|consent|gdpr|breadcrumb|drawer|modal|popup|newsletter|social-?(?:links|icons|media)|socials|share|legal|skip/i;

/** Text of the first matching element whose visible text is not empty (and passes `accept`). */
export function firstText(
  nodes: DomNode[],
  matches: (element: DomElement) => boolean,
  accept: (text: string) => boolean = Boolean,
): string {
  for (const element of DomUtils.findAll(matches, nodes)) {
    const text = visibleText(element);
    if (text && accept(text)) return text;
  }
  return '';
}

/** What a reader sees: scripts, styles and hidden parts skipped, blocks kept apart by a space. */
export function visibleText(node: DomNode): string {
  const parts: string[] = [];
  const walk = (current: DomNode) => {
    if (current.type === ElementType.Text) {
      parts.push(current.data);
      return;
    }
    if (!isElement(current) || isHidden(current)) return;
    const separate = !inlineTags.has(current.name);
    if (separate) parts.push(' ');
    for (const child of current.children) walk(child);
    if (separate) parts.push(' ');
  };
  // <title> is never rendered, yet it is the text we want when we ask for it.
  if (isElement(node) && node.name === 'title') return collapse(DomUtils.textContent(node));
  walk(node);
  return collapse(parts.join(''));
}

/**
 * The page as separate runs of text, each the text of one block that holds no other block (a
 * paragraph, a list item, a price tag), with the element it came from.
 */
export function textBlocks(nodes: DomNode[]): { element: DomElement; text: string }[] {
  const blocks: { element: DomElement; text: string }[] = [];
  const walk = (element: DomElement) => {
    if (isHidden(element)) return;
    const hasBlockChild = element.children.some(
      (child) => isElement(child) && !flowTags.has(child.name) && !isHidden(child),
    );
    if (!hasBlockChild) {
      const text = visibleText(element);
      if (text) blocks.push({ element, text });
      return;
    }
    // Text between blocks ("<div>Only $29<p>…</p></div>") is a block of its own.
    let run: DomNode[] = [];
    const flush = () => {
      const text = collapse(run.map((node) => visibleText(node)).join(' '));
      if (text) blocks.push({ element, text });
      run = [];
    };
    for (const child of element.children) {
      if (isElement(child) && !flowTags.has(child.name)) {
        flush();
        walk(child);
      } else {
        run.push(child);
      }
    }
    flush();
  };
  for (const node of nodes) if (isElement(node)) walk(node);
  return blocks;
}

// domutils 4 no longer re-exports domhandler's guards, and domhandler is not our dependency.
export function isElement(node: DomNode): node is DomElement {
  return ElementType.isTag(node);
}

export function isHidden(element: DomElement): boolean {
  return (
    invisibleTags.has(element.name) || element.attribs.hidden !== undefined || element.attribs['aria-hidden'] === 'true'
  );
}

export function isChrome(element: DomElement): boolean {
  return ancestry(element).some(
    (ancestor) =>
      chromeTags.has(ancestor.name) ||
      chromeRoles.has(ancestor.attribs.role ?? '') ||
      chromeNames.test(classAndId(ancestor)),
  );
}

/** Menus, footers, forms and cookie banners: never a claim or an offer, unlike an announcement bar. */
export function isNoise(element: DomElement): boolean {
  return ancestry(element).some(
    (ancestor) =>
      noiseTags.has(ancestor.name) ||
      ancestor.attribs.role === 'navigation' ||
      ancestor.attribs.role === 'contentinfo' ||
      noiseNames.test(classAndId(ancestor)),
  );
}

export function classAndId(element: DomElement): string {
  return `${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`;
}

export function insideTag(element: DomElement, tag: string): boolean {
  return ancestry(element).some((ancestor) => ancestor !== element && ancestor.name === tag);
}

/** The element and its ancestors up to, not including, <body>: page-wide classes such as
 * "menu-open" or "has-sticky-nav" say nothing about one section. */
export function ancestry(element: DomElement): DomElement[] {
  const chain: DomElement[] = [];
  for (let current: DomNode | null = element; current; current = current.parent as DomNode | null) {
    if (!isElement(current)) continue;
    if (current.name === 'body' || current.name === 'html') break;
    chain.push(current);
  }
  return chain;
}

export function baseUrl(nodes: DomNode[], page: URL): URL {
  const href = DomUtils.getElementsByTagName('base', nodes, true, 1)[0]?.attribs.href;
  return (href && absoluteUrl(href, page)) || page;
}

export function absoluteHttpUrl(value: string, base: URL): string | undefined {
  const url = absoluteUrl(value, base);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined;
}

function absoluteUrl(value: string, base: URL): URL | undefined {
  try {
    return new URL(value.trim(), base);
  } catch {
    return undefined;
  }
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
