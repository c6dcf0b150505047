// Reading a parsed page as a visitor sees it: visible text only, site chrome told apart from copy,
// URLs resolved against the page. Shared by every extractor of site facts.
// A page is a stranger's markup, so reading it stays linear in its size: the tree is cut at a depth,
// each block's text at a length, and a question about an element's ancestors is answered once per
// element and kept (closest()), never by walking every element's ancestry again.
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { pagePattern } from './page-patterns.ts';

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
/**
 * Elements nested deeper than this are left out of the page as read. Lighthouse calls a depth of 32
 * excessive, so no shop's copy sits below 128; a hostile page nests 2,000 deep so that every
 * question about an element's subtree or ancestry costs 2,000 steps.
 */
export const maxDomDepth = 128;
/**
 * A block's text is read up to this length. The longest copy an ad quotes is a sentence, and a block
 * longer than two pages of prose is no one's selling point: the cap bounds what each pattern reads.
 */
export const maxBlockChars = 5_000;
/** Text blocks read per page: a long shop page has a few thousand; the rest of a bigger page is never read. */
export const maxTextBlocks = 10_000;

/** Elements that never start a block of text of their own. */
const flowTags = new Set([...inlineTags, 'img', 'picture', 'source', 'br', 'wbr']);
/** Containers whose text is site chrome, not copy about the business. */
const chromeTags = new Set(['nav', 'footer', 'header', 'aside', 'form', 'button', 'select', 'dialog']);
const chromeRoles = new Set(['navigation', 'contentinfo', 'banner', 'dialog', 'menu', 'menubar']);
const chromeNames = pagePattern(
  /nav|menu|footer|cookie|consent|gdpr|breadcrumb|sidebar|drawer|modal|popup|announcement|newsletter|social|share|legal|skip/i,
);
/** Chrome that never says anything true about the business (announcement bars and headers do). */
const noiseTags = new Set(['nav', 'footer', 'form', 'button', 'select', 'dialog']);
const noiseNames = pagePattern(
  /nav|menu|footer|cookie|consent|gdpr|breadcrumb|drawer|modal|popup|newsletter|social-?(?:links|icons|media)|socials|share|legal|skip/i,
);
const spaceRuns = pagePattern(/\s+/g);
const spaces = pagePattern(/\s+/);
const notLettersOrDigits = pagePattern(/[^\p{L}\p{N}]+/gu);

/** The page's tree as the reader sees it: nothing below maxDomDepth. */
export function parsePage(html: string): ReturnType<typeof parseDocument> {
  const document = parseDocument(html);
  const pending: [DomElement, number][] = document.children.filter(isElement).map((element) => [element, 1]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [element, depth] = next;
    if (depth >= maxDomDepth) {
      element.children = [];
      continue;
    }
    for (const child of element.children) if (isElement(child)) pending.push([child, depth + 1]);
  }
  return document;
}

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
  const add = (element: DomElement, text: string) => {
    if (text && blocks.length < maxTextBlocks) blocks.push({ element, text: text.slice(0, maxBlockChars) });
  };
  const walk = (element: DomElement) => {
    if (isHidden(element) || blocks.length >= maxTextBlocks) return;
    const hasBlockChild = element.children.some(
      (child) => isElement(child) && !flowTags.has(child.name) && !isHidden(child),
    );
    if (!hasBlockChild) {
      add(element, visibleText(element));
      return;
    }
    // Text between blocks ("<div>Only $29<p>…</p></div>") is a block of its own.
    let run: DomNode[] = [];
    const flush = () => {
      add(element, collapse(run.map((node) => visibleText(node)).join(' ')));
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
  return closest(element, isChromeContainer) !== undefined;
}

function isChromeContainer(element: DomElement): boolean {
  return (
    chromeTags.has(element.name) || chromeRoles.has(element.attribs.role ?? '') || chromeNames.test(classAndId(element))
  );
}

/** Menus, footers, forms and cookie banners: never a claim or an offer, unlike an announcement bar. */
export function isNoise(element: DomElement): boolean {
  return closest(element, isNoiseContainer) !== undefined;
}

function isNoiseContainer(element: DomElement): boolean {
  return (
    noiseTags.has(element.name) ||
    element.attribs.role === 'navigation' ||
    element.attribs.role === 'contentinfo' ||
    noiseNames.test(classAndId(element))
  );
}

export function classAndId(element: DomElement): string {
  return `${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`;
}

const tagTests = new Map<string, (element: DomElement) => boolean>();

export function insideTag(element: DomElement, tag: string): boolean {
  let isTag = tagTests.get(tag);
  if (!isTag) {
    isTag = (candidate) => candidate.name === tag;
    tagTests.set(tag, isTag);
  }
  return closestAbove(element, isTag) !== undefined;
}

type ElementTest = (element: DomElement) => boolean;
/** Per test, the nearest element passing it from each element asked about (null: none). */
const nearestPassing = new WeakMap<ElementTest, WeakMap<DomElement, DomElement | null>>();

/**
 * The element or its nearest ancestor that passes `test`, up to, not including, <body>: page-wide
 * classes such as "menu-open" or "has-sticky-nav" say nothing about one section. Every answer is
 * kept for the element and the ancestors walked through, so asking it of every element of a page
 * walks each element once. `test` is a module-level function: the answers are kept per function.
 */
export function closest(element: DomElement, test: ElementTest): DomElement | undefined {
  let answers = nearestPassing.get(test);
  if (!answers) {
    answers = new WeakMap();
    nearestPassing.set(test, answers);
  }
  const walked: DomElement[] = [];
  let found: DomElement | null = null;
  for (let current: DomNode | null = element; current; current = current.parent as DomNode | null) {
    if (!isElement(current)) continue;
    if (current.name === 'body' || current.name === 'html') break;
    const known = answers.get(current);
    if (known !== undefined) {
      found = known;
      break;
    }
    walked.push(current);
    if (test(current)) {
      found = current;
      break;
    }
  }
  for (const below of walked) answers.set(below, found);
  return found ?? undefined;
}

/** closest() among the element's ancestors only. */
export function closestAbove(element: DomElement, test: ElementTest): DomElement | undefined {
  const parent = element.parent as DomNode | null;
  return parent && isElement(parent) ? closest(parent, test) : undefined;
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
  return text.replace(spaceRuns, ' ').trim();
}

export function comparable(text: string): string {
  return text.toLowerCase().replace(notLettersOrDigits, '');
}

export function wordCount(text: string): number {
  return text.split(spaces).filter(Boolean).length;
}
