// How a style says a fact: the shape of its lines (StyleLines, which each style module fills in,
// styles/<style>.ts) and the small forms they are written with. Each of a style's functions gives
// whole candidate lines, longest first; the writer keeps the one that fills the scene at the
// style's pace. Every candidate carries the site's own words: the frames add tone, never a fact,
// and never a doubt the line does not answer.
import { capitalised, type Fact } from './fact-pool.ts';
import type { SiteCopy } from './site-copy.ts';

export interface StyleLines {
  /** The voice's lines for a fact; `hook` when it opens the ad. */
  says(fact: Fact, copy: SiteCopy, hook: boolean): string[];
  /**
   * Shorter lines for a hook whose own line fits its time only by running into the next scene,
   * which the voice would read faster than the style's pace to keep inside the scene (voice/pace.ts
   * lineRate): UGC says what the headline names while the screen shows the whole of it.
   */
  shorterHook?(fact: Fact, copy: SiteCopy): string[];
  /** The on-screen line of a hook in this style, when it differs from the fact's own line (UGC's POV). */
  hookText?(fact: Fact): string | undefined;
  /**
   * A creator's numbered list, when the style has one: the hook's title for `count` numbered beats
   * ("3 things I found at Picky Paws") and its spoken lines, longest first. The template writer
   * uses it when every body scene says a different fact of the site (template-writer.ts `asList`).
   */
  list?: { title(count: number, copy: SiteCopy): string; says(count: number, copy: SiteCopy): string[] };
  /** The end card's line, longest first: the button's words and the domain; the words alone (the verb is heard); the domain. */
  cta(ctaLabel: string, copy: SiteCopy): string[];
  /** A call to action of two words ("Shop now."), for an end card too short for any of `cta`'s. */
  lastCta(copy: SiteCopy): string;
  /**
   * The name reveal, an opening to A/B test (copy-openings.ts): its on-screen line and the voice's
   * lines, longest first. Without it: the name shown, "This is <name>." said.
   */
  name?(copy: SiteCopy): { shown: string; says: string[] };
}

/** "three", for a list's spoken title. */
export const countWords: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four' };

/** The shortest spoken call to action, for an end card of a second or so: "Shop now." */
export function shortCta(copy: SiteCopy): string {
  const verbs: Record<SiteCopy['business'], string> = {
    software: 'Try it now.',
    service: 'Book now.',
    shop: 'Shop now.',
    other: 'Visit now.',
  };
  return verbs[copy.business];
}

export function plain(fact: Fact, copy: SiteCopy): string {
  switch (fact.kind) {
    case 'headline':
    case 'offer':
    case 'benefit':
      return fact.text;
    case 'claim':
      return fact.claim.text;
    case 'product':
      return fact.product.name;
    case 'rating':
      return rated(fact)[0]!;
    case 'review':
      return quoted(fact.quote);
  }
  return copy.name;
}

export function rated(fact: Extract<Fact, { kind: 'rating' }>): string[] {
  return fact.count
    ? [`${fact.value} stars from ${fact.count} reviews`, `Rated ${fact.value} stars`]
    : [`Rated ${fact.value} stars`];
}

export function quoted(text: string): string {
  return `"${closed(text)}"`;
}

/**
 * A headline that names a thing ("Salmon treats picky cats actually finish") rather than telling
 * the reader to do something ("Build habits that stick"), which "I found…" and "POV: you found…"
 * can carry.
 */
export function nounPhrase(text: string): boolean {
  const first = text.split(/\s+/)[0]!.toLowerCase();
  return !question(text) && !headlineVerbs.has(first) && !/^(we|our|you|your|i|it|this|the)$/i.test(first);
}

/**
 * The thing a headline names, when a clause follows it ("Small-batch coffee" of "Small-batch
 * coffee, roasted over oak"): what a shorter hook line says (`shorterHook`). Undefined when there
 * is no such clause.
 */
export function namedThing(text: string): string | undefined {
  const [head, ...rest] = text.split(/\s*(?:,|\s[—–-]\s)\s*/);
  const words = head?.split(/\s+/).filter(Boolean) ?? [];
  return rest.length > 0 && words.length >= 2 && nounPhrase(head!) ? head : undefined;
}

const headlineVerbs = new Set(
  (
    'boost book build buy cut create design discover do earn find get grow hire join keep launch learn ' +
    'hold make manage meet move order pay plan run save scale sell send ship shop sleep start stop take track ' +
    'try turn upgrade win work write'
  ).split(' '),
);

export function question(text: string): boolean {
  return text.trim().endsWith('?');
}

/** A full sentence: capital first letter, one closing stop. */
export function sentence(text: string): string {
  return capitalised(closed(text));
}

/** The text with one closing stop (a question or an exclamation keeps its own). */
export function closed(text: string): string {
  const trimmed = text.trim().replace(/[.,;:]+$/, '');
  if (!trimmed) return '';
  return /[.!?"”]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function exclaim(text: string): string {
  return `${sentence(text).replace(/[.!?]$/, '')}!`;
}

/**
 * Lower-cases the first letter the way people talk, but not a name or an acronym ("Yamaha",
 * "XS400", "AI"), nor the business's or the product's own name.
 */
export function lower(text: string, copy?: SiteCopy): string {
  const [first = ''] = text.split(/\s+/);
  const names = [copy?.name, copy?.product?.name].map((name) => name?.split(/\s+/)[0]);
  const keepsCase = /\p{Lu}.*\p{Lu}|\d/u.test(first) || names.includes(first);
  return keepsCase ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
