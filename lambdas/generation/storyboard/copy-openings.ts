// Openings that need no fact of their own (openings.ts): a short ad's body says most of the site's
// facts, and a fact may be on screen once, so the ad's other openings are also built from the copy
// the site gives — its headline asked as a question ("Looking for small-batch coffee?") and the
// name reveal (the business's name on frame 0, over the product's photo, in the style's words:
// UGC's "POV: you found …").
// Neither claims anything the site does not say: a question asserts nothing, a name is the site's.
import { styleDefinition } from '#generation/styles/styles.ts';
import type { Style } from '#shared/contract.ts';
import { capitalised, productNames } from './fact-pool.ts';
import type { SiteCopy } from './site-copy.ts';
import type { HookRung } from './storyboard.ts';
import { lower, nounPhrase, question, sentence } from './style-lines.ts';

/** An opening's words before they are fitted to the hook's time: what it shows and what the voice may say. */
export interface CopyOpening {
  rung: HookRung;
  /** The on-screen lines, each whole. */
  text: string[];
  /** The voice's lines, longest first. */
  says: string[];
}

/** Words a headline may open on that make it an address or a sentence, neither a thing nor an action. */
const addressing = /^(we|our|you|your|i|it|this|the|a|an|my)$/i;

/**
 * The openings the copy gives, strongest first: the question, then the name reveal (also with what
 * is sold under the name, for an ad that must show it from the hook: storyboard-checks.ts).
 */
export function copyOpenings(style: Style, copy: SiteCopy, maxChars: number): CopyOpening[] {
  if (!copy.hasFacts && !copy.product) return [];
  const asked = questionOf(copy);
  const thing = thingAsked(copy);
  const reveal = nameReveal(style, copy);
  const name = reveal.shown.length <= maxChars ? reveal.shown : copy.name;
  // The product by the shortest name the site gives it when its full name has no room (fact-pool.ts).
  const products = copy.product ? productNames(copy.product.name).filter((each) => each.length <= maxChars) : [];
  return [
    ...(asked ? [{ rung: 'question' as const, text: [asked], says: [asked] }] : []),
    // The thing alone, asked ("Wedding invitations?"): for a headline too wide for the style's type
    // once framed, or framed with what is sold under it.
    ...(thing ? [{ rung: 'question' as const, text: [thing], says: [asked!, thing] }] : []),
    { rung: 'name', text: [name], says: reveal.says },
    ...(name.length <= maxChars
      ? products.map((product) => ({ rung: 'name' as const, text: [name, product], says: reveal.says }))
      : []),
  ];
}

/** The thing the question asks about, bare ("Wedding invitations?"), when the headline names one. */
function thingAsked(copy: SiteCopy): string | undefined {
  const asked = questionOf(copy);
  if (!asked?.startsWith('Looking for ')) return undefined;
  // Three words at most: a longer run is a sentence ("Salmon treats picky cats actually finish"), and
  // a statement with a question mark reads as doubt about the site's own claim.
  const thing = thingOf(copy.subject ?? copy.headline!);
  return thing.split(/\s+/).length <= 3 ? `${capitalised(thing)}?` : undefined;
}

/**
 * The site's headline asked as a question: a thing it names ("Small-batch coffee, roasted over oak")
 * → "Looking for small-batch coffee?"; an action it offers ("Build habits that stick") → "Want to
 * build habits that stick?". None for a headline that is a question already (the question rung
 * itself), or that addresses the reader or speaks as the business.
 */
export function questionOf(copy: SiteCopy): string | undefined {
  const headline = copy.headline?.trim().replace(/[.!]+$/, '');
  if (!headline || question(headline) || addressing.test(headline.split(/\s+/)[0]!)) return undefined;
  if (nounPhrase(headline)) return `Looking for ${lower(thingOf(copy.subject ?? headline), copy)}?`;
  return `Want to ${lower(headline, copy)}?`;
}

/** Words after which a headline stops naming the thing and says something about it ("Wedding invitations your guests will keep"). */
const clauseOpeners = /^(your|you|our|we|that|which|who|for|with|from|by|in|at)$/i;

/** The thing a headline names: its words up to a clause about it, when two or more come before one. */
function thingOf(subject: string): string {
  const words = subject.split(/\s+/);
  const end = words.findIndex((word, index) => index >= 2 && clauseOpeners.test(word));
  return end === -1 ? subject : words.slice(0, end).join(' ');
}

/**
 * The name reveal in the style's words (its `name`, styles/<style>.ts): the line shown, and the
 * voice's lines, longest first. In a hook too short for an opening's own line the voice says one of
 * these and the screen carries the rest (a 1.3 s hook says three words).
 */
export function nameReveal(style: Style, copy: SiteCopy): { shown: string; says: string[] } {
  const own = styleDefinition(style).copy.lines.name?.(copy);
  return own ?? { shown: copy.name, says: [`This is ${copy.name}.`, sentence(copy.name)] };
}
