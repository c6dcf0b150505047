// The text a buyer pastes into each ad manager, written from the facts the ad was made from: the
// site's own line the ad opens on, what it sells and its price, its offer, its proof, the end
// card's call to action, the brand and its domain. Nothing else: a price only when the site gives
// one, no number the site never wrote (`copyFactProblems`). The template writes it for both
// writers: the Bedrock writer's storyboard is already held to the site's facts, and the copy takes
// its product, offer and call to action from that storyboard, so a model adds nothing to check.
import { type Fact, factsOf, isHookRung, sameFact, screenLineOf, textOf } from '#generation/storyboard/fact-pool.ts';
import type { SiteCopy } from '#generation/storyboard/site-copy.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { numbersIn } from '#generation/website/fact-patterns.ts';
import {
  type CopyField,
  type CopyFieldId,
  charCount,
  copyFields,
  hasLink,
  sentencesWithin,
  shortenAtWord,
} from './copy-limits.ts';

export type AdCopy = Readonly<Record<CopyFieldId, string>>;

/** The facts the copy is made of, each already a sentence (or absent when the site gave none). */
interface CopyFacts {
  brand: string;
  domain: string;
  /** The site's line the ad opens on (or the ladder's first rung). */
  point?: string;
  /** "House Blend, $16." — the price only when the site gives it. */
  product?: string;
  productName?: string;
  offer?: string;
  proof?: string;
  /** The product's own rating, short: "4.8 stars from 212 reviews". */
  rating?: string;
  /** Selling points in the site's words, whole lines only, none the opening or offer already says. */
  benefits: string[];
  /** The end card's button: "Shop House Blend". */
  cta: string;
}

export function writeAdCopy(storyboard: Storyboard, site: SiteCopy): AdCopy {
  const facts = copyFactsOf(storyboard, site);
  const { brand, domain, point, product, productName, offer, proof, cta } = facts;
  const opening = point ?? sentence(brand);
  const linkless = (parts: (string | undefined)[]) => distinct(parts).filter((part) => !hasLink(part));
  const { leadChars } = copyFields.metaPrimaryText;
  const metaLead = [opening, product].find((lead) => lead && charCount(lead) <= leadChars);
  const metaHeadline = firstWithin([plain(offer), plain(product), productName, cta, brand], copyFields.metaHeadline);
  return {
    tiktokAdText: sentencesWithin(
      // A shop whose every line names a domain still gets its button's verb ("Visit now."), no link.
      orIfNone(linkless([opening, product, offer, proof, sentence(cta)]), `${cta.split(' ')[0]} now.`),
      copyFields.tiktokAdText,
    ),
    metaPrimaryText: sentencesWithin(
      distinct([metaLead ?? shortenAtWord(opening, leadChars), product, offer, proof, sentence(`${cta} at ${domain}`)]),
      copyFields.metaPrimaryText,
    ),
    metaHeadline,
    metaDescription: firstWithin(
      orIfNone(
        [plain(proof), facts.rating, ...facts.benefits, plain(offer), domain].filter(
          (text): text is string => !!text && !sameFact(text, metaHeadline),
        ),
        domain,
      ),
      copyFields.metaDescription,
    ),
    googleHeadline: firstWithin(
      [plain(point), productName && `${brand}: ${productName}`, plain(product), brand],
      copyFields.googleHeadline,
    ),
    googleDescription: sentencesWithin(
      distinct([product, offer, proof, ...facts.benefits.map(sentence), sentence(cta)]).filter(
        (part) => !point || !sameFact(part, point),
      ),
      copyFields.googleDescription,
    ),
  };
}

/** Every number of the copy that the site never wrote (an invented price, rating or discount). */
export function copyFactProblems(copy: AdCopy, site: Pick<SiteCopy, 'siteText' | 'domain'>): string[] {
  const known = new Set([...numbersIn(site.siteText), ...numbersIn(site.domain)]);
  return (Object.keys(copy) as CopyFieldId[]).flatMap((id) => {
    const invented = numbersIn(copy[id]).filter((number) => !known.has(number));
    return invented.length > 0 ? [`${id}: ${invented.join(', ')} is not a number the site gives`] : [];
  });
}

function copyFactsOf(storyboard: Storyboard, site: SiteCopy): CopyFacts {
  const facts = site.hasFacts || site.product ? factsOf(site) : [];
  const hookText = storyboard.scenes[0]!.text.join(' ');
  // The ad's own opening when it is one of the site's facts (not a list's title or a POV), else the
  // ladder's first rung; never the product, which the copy names with its price anyway.
  const rungs = facts.filter((fact) => fact.kind !== 'product');
  const opening = rungs.find((fact) => sameFact(textOf(fact), hookText)) ?? rungs.find(isHookRung);
  const point = opening ? screenLineOf(opening) : undefined;
  const product = storyboard.product ?? site.product ?? null;
  const offer = storyboard.endCard.offer ?? site.offers[0];
  const rating = facts.find((fact): fact is Extract<Fact, { kind: 'rating' }> => fact.kind === 'rating');
  const said = [point, offer].filter((text): text is string => !!text);
  const fresh = (text: string) => !said.some((earlier) => sameFact(earlier, text));
  // A claim the reader cut from the middle of a sentence ("and shipped within 24 hours") is not a line on its own.
  const claim = site.claims.find((candidate) => /^[\p{Lu}\p{N}]/u.test(candidate.text) && fresh(candidate.text));
  const ratingText = rating
    ? `${rating.value} stars${rating.count ? ` from ${rating.count.toLocaleString('en-US')} reviews` : ''}`
    : undefined;
  const proof = ratingText ? `Rated ${ratingText}` : claim?.text;
  return {
    brand: storyboard.brand.name,
    domain: storyboard.brand.domain,
    ...(point ? { point: sentence(point) } : {}),
    ...(product
      ? {
          product: sentence(product.price ? `${product.name}, ${product.price}` : product.name),
          productName: product.name,
        }
      : {}),
    ...(offer ? { offer: sentence(offer) } : {}),
    ...(proof ? { proof: sentence(proof) } : {}),
    ...(ratingText ? { rating: ratingText } : {}),
    benefits: site.benefits.filter((text) => /^[\p{Lu}\p{N}]/u.test(text) && fresh(text)),
    cta: storyboard.endCard.cta,
  };
}

/** A fact as a sentence: capitalised, ending on its own mark or a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim().replace(/[\s,;:—–-]+$/u, '');
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/u.test(capital) ? capital : `${capital}.`;
}

/** A sentence as a field that is not a sentence (a headline): no closing full stop. */
function plain(text: string | undefined): string | undefined {
  return text?.replace(/\.$/u, '');
}

/** The first candidate that fits the field whole; else the last (the brand or domain) shortened at a word. */
function firstWithin(candidates: (string | undefined)[], { maxChars }: CopyField): string {
  const usable = candidates.filter((text): text is string => !!text);
  return usable.find((text) => charCount(text) <= maxChars) ?? shortenAtWord(usable.at(-1) ?? '', maxChars);
}

function orIfNone(sentences: string[], fallback: string): string[] {
  return sentences.length > 0 ? sentences : [fallback];
}

/** The parts that are there, each fact once (an offer the opening already says is not said again). */
function distinct(parts: (string | undefined)[]): string[] {
  const kept: string[] = [];
  for (const part of parts) if (part && !kept.some((earlier) => sameFact(earlier, part))) kept.push(part);
  return kept;
}
