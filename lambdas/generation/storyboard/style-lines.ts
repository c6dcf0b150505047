// How each style says a fact (research/ad-craft.md §4, issue 14 §6): cinematic is a calm narrator in
// full, quiet sentences; direct-response is urgent and price-first; UGC is a customer talking in
// the first person ("I tried…", "honestly?"). Each function gives candidate voice lines, best
// first; the writer keeps the first that fits the scene's time. Every candidate carries the site's
// own words: the frames add tone, never a fact.
import type { Style } from '#shared/contract.ts';
import type { SceneContent } from './fact-pool.ts';
import type { Claim, SiteCopy } from './site-copy.ts';

interface StyleLines {
  hook(content: SceneContent, copy: SiteCopy): string[];
  /** `first` is the first body scene: UGC opens its story there ("I tried…"). */
  body(content: SceneContent, copy: SiteCopy, first: boolean): string[];
  /** A further fact appended to a long scene. */
  more(fact: string, copy: SiteCopy): string;
  cta(copy: SiteCopy): string[];
}

/** What the CTA says before the domain: a verb takes "at" ("Shop at acme.com"), "Visit" does not. */
const ctaLeads: Record<SiteCopy['business'], string> = {
  software: 'Try it at',
  service: 'Book at',
  shop: 'Shop at',
  other: 'Visit',
};

export const styleLines: Record<Style, StyleLines> = {
  cinematic: {
    hook: (content, copy) => {
      if (content.kind === 'claim') return [content.claim.text, ...claimCores(content.claim)].map(sentence);
      if (content.kind === 'offer') return [content.offer ?? content.price ?? '', offerCore(content)].map(sentence);
      if (content.kind === 'question') {
        return subjects(content.subject).flatMap((subject) => [`Looking for ${lower(subject)}?`, `${upper(subject)}?`]);
      }
      if (content.kind === 'benefit') return [sentence(content.text)];
      return namesSaid(content.turn, [`This is ${copy.name}.`, `${copy.name}.`]);
    },
    body: (content, copy) => {
      if (content.kind === 'claim') return [content.claim.text, ...claimCores(content.claim)].map(sentence);
      if (content.kind === 'offer') {
        const { price, offer } = content;
        if (price && offer) return [`${sentence(offer)} ${sentence(price)}`];
        if (price) return [copy.subject && `${upper(copy.subject)}, ${price}.`, sentence(price)].filter(isLine);
        return [sentence(offer ?? '')];
      }
      if (content.kind === 'benefit') return [sentence(content.text)];
      if (content.kind === 'question') return [sentence(content.subject)];
      return namesSaid(content.turn, [`This is ${copy.name}.`, `${copy.name}, at ${copy.domain}.`, `${copy.name}.`]);
    },
    more: (fact) => sentence(fact),
    cta: (copy) => [`${ctaLeads[copy.business]} ${copy.domain}.`, `${copy.domain}.`, `${copy.name}.`],
  },
  'direct-response': {
    hook: (content, copy) => {
      if (content.kind === 'claim') return [content.claim.text, ...claimCores(content.claim)].map(exclaim);
      if (content.kind === 'offer') return [content.offer ?? content.price ?? '', offerCore(content)].map(exclaim);
      if (content.kind === 'question') {
        return subjects(content.subject).flatMap((subject) => [
          `${wantOrNeed(subject, 'Want to', 'Need')} ${lower(subject)}?`,
          `${upper(subject)}?`,
        ]);
      }
      if (content.kind === 'benefit') return [exclaim(content.text)];
      return namesSaid(content.turn, [`${copy.name}!`]);
    },
    body: (content, copy) => {
      if (content.kind === 'claim') return [sentence(content.claim.text), ...claimCores(content.claim).map(exclaim)];
      if (content.kind === 'offer') {
        const { price, offer } = content;
        // "From $12/month" is a lowest price; only a single price is "only".
        const priced = price && (/^from\b/i.test(price) ? upper(price) : `Only ${price}`);
        if (priced && offer) return [`${priced}. ${exclaim(offer)}`];
        return [priced ? `${priced}!` : exclaim(offer ?? '')];
      }
      if (content.kind === 'benefit') return [sentence(content.text)];
      if (content.kind === 'question') return [exclaim(content.subject)];
      return namesSaid(content.turn, [`${copy.name}!`, `${copy.name}, at ${copy.domain}!`]);
    },
    more: (fact) => sentence(fact),
    cta: (copy) => [
      `${ctaLeads[copy.business]} ${copy.domain} now!`,
      `${ctaLeads[copy.business]} ${copy.domain}!`,
      `${copy.domain}!`,
      `${copy.name}!`,
    ],
  },
  ugc: {
    hook: (content, copy) => {
      const casual = (text: string) => lower(text, copy.name);
      if (content.kind === 'claim') {
        return claimCores(content.claim).flatMap((core) => [`wait, ${casual(core)}?`, `${casual(core)}?`]);
      }
      if (content.kind === 'offer') return [`wait, ${casual(offerCore(content))}?`, `${casual(offerCore(content))}?`];
      if (content.kind === 'question') {
        return subjects(content.subject).flatMap((subject) => [
          `${wantOrNeed(subject, 'want to', 'need')} ${casual(subject)}?`,
          `${casual(subject)}?`,
        ]);
      }
      if (content.kind === 'benefit') return [`${casual(content.text)}?`];
      return namesSaid(content.turn, [`ok so, ${copy.name}.`, `${copy.name}.`]);
    },
    body: (content, copy, first) => {
      const casual = (text: string) => closed(lower(text, copy.name));
      // The first body scene opens the story: "I tried…".
      const told = (line: string) => (first ? [`I tried ${copy.name}. ${line}`, line] : [line]);
      if (content.kind === 'claim') {
        return [
          ...told(`honestly? ${casual(content.claim.text)}`),
          casual(content.claim.text),
          ...claimCores(content.claim).map(casual),
        ];
      }
      if (content.kind === 'offer') {
        const { price, offer } = content;
        if (price && offer) return [`and it's ${price}. ${casual(offer)}`];
        return [price ? `and it's ${price}.` : `plus, ${casual(offer ?? '')}`];
      }
      if (content.kind === 'benefit') return [...told(`honestly? ${casual(content.text)}`), casual(content.text)];
      if (content.kind === 'question') return told(casual(content.subject));
      // The name alone last: a short scene says it rather than half of "I found…".
      return [
        ...namesSaid(content.turn, [
          `I found ${copy.name}.`,
          `it's called ${copy.name}.`,
          `${copy.name}, at ${copy.domain}.`,
        ]),
        `${copy.name}.`,
      ];
    },
    more: (fact, copy) => `plus, ${closed(lower(fact, copy.name))}`,
    cta: (copy) => [`go to ${copy.domain}.`, `${copy.domain}.`, `${copy.name}.`],
  },
};

/** What a hook can say of a claim in a breath, longest first: "in 48 hours", "48 hours"; "Rated 4.8". */
function claimCores(claim: Claim): string[] {
  if (claim.kind === 'rating') {
    const value = /\d(?:[.,]\d+)?/.exec(claim.core)?.[0];
    return value ? [claim.core, `Rated ${value}`] : [claim.core];
  }
  // "in 48 hours" → "48 hours"; a qualifier ("up to", "under") is part of the claim and stays.
  const bare = claim.core.replace(/^(?:in|within)\s+(?=\d)/i, '');
  return bare === claim.core ? [claim.core] : [claim.core, bare];
}

/** The headline's subject, then its head alone: "Slow yoga for busy people" → "Slow yoga". */
function subjects(subject: string): string[] {
  const head = subject.split(/\s+(?:for|with|that|which|who|in|on|at|from|to|by|of)\s+/i)[0]!;
  return head === subject || head.split(/\s+/).length < 2 ? [subject] : [subject, head];
}

/**
 * Headlines are noun phrases ("Small-batch coffee") or orders ("Build habits that stick"): "Need
 * small-batch coffee?" reads, "Need build habits?" does not, so an order becomes "Want to build…".
 */
const headlineVerbs = new Set(
  (
    'boost book build buy cut create design discover do earn find get grow hire join keep launch learn ' +
    'make manage meet move order pay plan run save scale sell send ship shop sleep start stop take track ' +
    'try turn upgrade win work write'
  ).split(' '),
);

function wantOrNeed(subject: string, want: string, need: string): string {
  return headlineVerbs.has(subject.split(/\s+/)[0]!.toLowerCase()) ? want : need;
}

/** The name said another way each time a sparse site leaves nothing else to say. */
function namesSaid(turn: number, lines: string[]): string[] {
  return [...lines.slice(turn % lines.length), ...lines.slice(0, turn % lines.length)];
}

/** "20% off", "Free shipping", or the price. */
function offerCore(content: Extract<SceneContent, { kind: 'offer' }>): string {
  const offer = content.offer ?? '';
  return /\d+\s?%\s?off/i.exec(offer)?.[0] ?? (content.price || offer);
}

function isLine(line: string | false | undefined | ''): line is string {
  return typeof line === 'string' && line.trim() !== '';
}

/** A full sentence: capital first letter, one closing stop. */
function sentence(text: string): string {
  return upper(closed(text));
}

/** The text with one closing stop (a question or an exclamation keeps its own). */
function closed(text: string): string {
  const trimmed = text.trim().replace(/[.,;:]+$/, '');
  if (!trimmed) return '';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function exclaim(text: string): string {
  return `${sentence(text).replace(/[.!?]$/, '')}!`;
}

function upper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Lower-cases the first letter the way people talk, but not a name or an acronym ("Slack",
 * "GitHub", "AI"), nor the business's own name.
 */
function lower(text: string, name = ''): string {
  const [first = ''] = text.split(/\s+/);
  const keepsCase = /\p{Lu}.*\p{Lu}/u.test(first) || first === name.split(/\s+/)[0];
  return keepsCase ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
