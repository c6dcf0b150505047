// How each style says a fact: cinematic is a calm narrator in full,
// quiet sentences; direct-response is urgent and names the price with its product; UGC is a
// creator talking in the first person about what the site says, never as the shop's customer. Each function gives whole
// candidate lines, longest first; the writer keeps the one that fills the scene at the style's
// pace. Every candidate carries the site's own words: the frames add tone, never a fact, and never
// a doubt the line does not answer.
import type { Style } from '#shared/contract.ts';
import { capitalised, type Fact } from './fact-pool.ts';
import type { SiteCopy } from './site-copy.ts';

interface StyleLines {
  /** The voice's lines for a fact; `hook` when it opens the ad. */
  says(fact: Fact, copy: SiteCopy, hook: boolean): string[];
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
}

export const styleLines: Record<Style, StyleLines> = {
  cinematic: {
    says: (fact, copy) => {
      switch (fact.kind) {
        case 'product': {
          const { name, price } = fact.product;
          // Where the price takes too long to say, the voice names the product; the screen shows its price.
          return [
            ...(price ? [`Our ${name}, ${price}.`, `${name}, ${price}.`] : []),
            `This is our ${name}.`,
            `Our ${name}.`,
            `${name}.`,
          ];
        }
        case 'rating':
          return rated(fact).map(sentence);
        case 'review':
          return [`One customer wrote: ${quoted(fact.quote)}`, quoted(fact.quote)];
        default:
          return [sentence(plain(fact, copy))];
      }
    },
    cta: (label, copy) => [`${sentence(label)} ${copy.domain}.`, sentence(label), `${copy.domain}.`],
    lastCta: shortCta,
  },
  'direct-response': {
    says: (fact, copy) => {
      switch (fact.kind) {
        case 'product': {
          const { name, price } = fact.product;
          const named = [`Get the ${name}!`, `The ${name}!`, `${name}!`];
          if (!price) return named;
          // "From $12/month" is a lowest price; only a single price is "just".
          const priced = /^from\b/i.test(price) ? price : `just ${price}`;
          return [`${name}, ${priced}!`, `${name}, ${price}!`, ...named];
        }
        case 'rating':
          return rated(fact).map(exclaim);
        case 'review':
          return [`Customers say: ${quoted(fact.quote)}`, quoted(fact.quote)];
        case 'headline':
          return [question(fact.text) ? sentence(fact.text) : exclaim(fact.text)];
        case 'offer':
          return [`Right now: ${lower(exclaim(fact.text), copy)}`, exclaim(fact.text)];
        default:
          return [exclaim(plain(fact, copy))];
      }
    },
    cta: (label, copy) => [`${label} at ${copy.domain}!`, exclaim(label), `${copy.domain}!`],
    lastCta: (copy) => exclaim(shortCta(copy)),
  },
  ugc: {
    says: (fact, copy, hook) => {
      const casual = (text: string) => closed(lower(text, copy));
      switch (fact.kind) {
        case 'headline':
          return nounPhrase(fact.text)
            ? [`I found ${casual(fact.text)}`, `found ${casual(fact.text)}`, casual(fact.text)]
            : [question(fact.text) ? sentence(fact.text) : casual(fact.text)];
        case 'offer':
          return [`and the deal: ${casual(fact.text)}`, `the deal: ${casual(fact.text)}`];
        case 'product': {
          const { name, price } = fact.product;
          // "They" are the shop: the voice shows what it sells, never claims to have bought it
          // (a generated voice speaking as a customer would be a made-up testimonial, 16 CFR 465).
          return [
            ...(price ? [`they have the ${name}, it's ${price}.`, `the ${name} is ${price}.`] : []),
            `they have the ${name}.`,
            `the ${name}.`,
            `${name}.`,
          ];
        }
        case 'rating':
          return rated(fact).map((line) => casual(line));
        case 'review':
          return [`a customer wrote ${quoted(fact.quote)}`, quoted(fact.quote)];
        case 'claim':
          // "it comes with a 12-month warranty": a guarantee the customer got with it.
          return fact.claim.kind === 'guarantee' && /^\d/.test(fact.claim.text) && !hook
            ? [`it comes with a ${casual(fact.claim.text)}`, casual(fact.claim.text)]
            : [casual(fact.claim.text)];
        case 'benefit':
          return [`what stands out: ${casual(fact.text)}`, casual(fact.text)];
      }
    },
    // "POV: you found coffee roasted the day it ships": a headline that names a thing.
    hookText: (fact) =>
      fact.kind === 'headline' && nounPhrase(fact.text) ? `POV: you found ${lower(fact.text)}` : undefined,
    list: {
      title: (count, copy) => `${count} things I found at ${copy.name}`,
      says: (count, copy) => [
        `${countWords[count] ?? count} things I found at ${copy.name}.`,
        `${countWords[count] ?? count} finds from ${copy.name}.`,
      ],
    },
    cta: (label, copy) => [`it's at ${copy.domain}.`, `${copy.domain}.`, closed(lower(label, copy))],
    lastCta: (copy) => lower(shortCta(copy)),
  },
};

/** The shortest spoken call to action, for an end card of a second or so: "Shop now." */
const countWords: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four' };

function shortCta(copy: SiteCopy): string {
  const verbs: Record<SiteCopy['business'], string> = {
    software: 'Try it now.',
    service: 'Book now.',
    shop: 'Shop now.',
    other: 'Visit now.',
  };
  return verbs[copy.business];
}

function plain(fact: Fact, copy: SiteCopy): string {
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

function rated(fact: Extract<Fact, { kind: 'rating' }>): string[] {
  return fact.count
    ? [`${fact.value} stars from ${fact.count} reviews`, `Rated ${fact.value} stars`]
    : [`Rated ${fact.value} stars`];
}

function quoted(text: string): string {
  return `"${closed(text)}"`;
}

/**
 * A headline that names a thing ("Salmon treats picky cats actually finish") rather than telling
 * the reader to do something ("Build habits that stick"), which "I found…" and "POV: you found…"
 * can carry.
 */
function nounPhrase(text: string): boolean {
  const first = text.split(/\s+/)[0]!.toLowerCase();
  return !question(text) && !headlineVerbs.has(first) && !/^(we|our|you|your|i|it|this|the)$/i.test(first);
}

const headlineVerbs = new Set(
  (
    'boost book build buy cut create design discover do earn find get grow hire join keep launch learn ' +
    'make manage meet move order pay plan run save scale sell send ship shop sleep start stop take track ' +
    'try turn upgrade win work write'
  ).split(' '),
);

function question(text: string): boolean {
  return text.trim().endsWith('?');
}

/** A full sentence: capital first letter, one closing stop. */
export function sentence(text: string): string {
  return capitalised(closed(text));
}

/** The text with one closing stop (a question or an exclamation keeps its own). */
function closed(text: string): string {
  const trimmed = text.trim().replace(/[.,;:]+$/, '');
  if (!trimmed) return '';
  return /[.!?"”]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function exclaim(text: string): string {
  return `${sentence(text).replace(/[.!?]$/, '')}!`;
}

/**
 * Lower-cases the first letter the way people talk, but not a name or an acronym ("Yamaha",
 * "XS400", "AI"), nor the business's or the product's own name.
 */
function lower(text: string, copy?: SiteCopy): string {
  const [first = ''] = text.split(/\s+/);
  const names = [copy?.name, copy?.product?.name].map((name) => name?.split(/\s+/)[0]);
  const keepsCase = /\p{Lu}.*\p{Lu}|\d/u.test(first) || names.includes(first);
  return keepsCase ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
