// Reading a parsed page as a visitor sees it: visible text only, site chrome told apart from copy,
// URLs resolved against the page. Shared by every extractor of site facts.
// A page is a stranger's markup, so reading it stays linear in its size: the tree is cut at a depth,
// each block's text at a length, and a question about an element's ancestors is answered once per
// element and kept (closest()), never by walking every element's ancestry again.
import { DomHandler, DomUtils, ElementType, Parser, type parseDocument } from 'htmlparser2';
import { pagePattern, withoutTrailing } from './page-patterns.ts';

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
 * The page is read up to where it first nests deeper than this. Lighthouse calls a depth of 32
 * excessive, so no shop's copy sits below 128. The parser keeps its open elements in an array it
 * shifts at every tag, so 40,000 unclosed <div>s take it 40 s; and past the parser, every question
 * about an element's subtree would cost the depth.
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
const purchaseFormNames = pagePattern(/\/cart|checkout|basket|product[-_]?form|add-to-cart/i);
const spaceRuns = pagePattern(/\s+/g);
const spaces = pagePattern(/\s+/);
const notLettersOrDigits = pagePattern(/[^\p{L}\p{N}]+/gu);

/** The page's tree as the reader sees it: the markup up to where it nests deeper than maxDomDepth. */
export function parsePage(html: string): ReturnType<typeof parseDocument> {
  const handler = new DepthLimitedHandler();
  const parser = new Parser(handler);
  handler.stopAtDepth = () => parser.pause();
  parser.write(html);
  if (!handler.tooDeep) parser.end();
  return handler.root;
}

/** Builds the tree as parseDocument does, and stops the parser once an element opens too deep. */
class DepthLimitedHandler extends DomHandler {
  stopAtDepth = () => {};
  tooDeep = false;

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    // tagStack holds the document itself below the open elements.
    if (!this.tooDeep && this.tagStack.length > maxDomDepth) {
      this.tooDeep = true;
      this.stopAtDepth();
    }
  }
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
 * visibleText() cut at `maxChars`, read walking at most a bounded number of nodes: for the short
 * values (a product's name, a price) read from elements that may each hold much of the page.
 */
export function shortVisibleText(node: DomNode, maxChars: number): string {
  const parts: string[] = [];
  let length = 0;
  let nodesLeft = maxChars * 4;
  const walk = (current: DomNode) => {
    if (length >= maxChars || nodesLeft <= 0) return;
    nodesLeft -= 1;
    if (current.type === ElementType.Text) {
      const text = current.data.slice(0, maxChars - length);
      parts.push(text);
      length += text.length;
      return;
    }
    if (!isElement(current) || isHidden(current)) return;
    const separate = !inlineTags.has(current.name);
    if (separate) parts.push(' ');
    for (const child of current.children) walk(child);
    if (separate) parts.push(' ');
  };
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
    (noiseTags.has(element.name) && !isPurchaseForm(element)) ||
    element.attribs.role === 'navigation' ||
    element.attribs.role === 'contentinfo' ||
    noiseNames.test(classAndId(element))
  );
}

/**
 * A shop's product form (it adds to the cart): its purchase options ("Subscribe & save 15%",
 * "Buy 3, get 1 free") are the business's offers, unlike a newsletter's or a search form's text.
 */
function isPurchaseForm(element: DomElement): boolean {
  return element.name === 'form' && purchaseFormNames.test(`${element.attribs.action ?? ''} ${classAndId(element)}`);
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

/**
 * The longest URL kept: browsers' and CDNs' practical limit. Image URLs travel in the facts through
 * the state machine (256 KB a state), so a page cannot fill them with one endless address.
 */
const maxUrlChars = 2_048;

export function absoluteHttpUrl(value: string, base: URL): string | undefined {
  if (value.length > maxUrlChars) return undefined;
  const url = absoluteUrl(value, base);
  if (url && url.href.length > maxUrlChars) return undefined;
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined;
}

const genericHeadings = pagePattern(
  /^(features?|benefits|pricing|plans|faqs?|frequently asked questions|testimonials|reviews|customer reviews|contact( us)?|about( us)?|blog|menu|related products|you may also like|recently viewed|share|newsletter|description|details|product details|shipping|returns)$/i,
);
const headingEndMark = pagePattern(/[:.!]/);

/** A section heading that names no product or benefit: "Features", "Pricing:", "FAQ". */
export function isGenericHeading(text: string): boolean {
  return genericHeadings.test(withoutTrailing(text, headingEndMark));
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
