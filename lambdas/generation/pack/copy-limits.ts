// The ad managers' text fields the pack fills, each with the most characters the platform shows
// (docs/platform-limits.md, with its sources), and the one check every text passes: the writer
// (ad-copy.ts), the pack and the tests all call `copyLimitProblems`. A text is shortened only at a
// word boundary, never cut mid-word.

export const copyFields = {
  tiktokAdText: { platform: 'TikTok', field: 'Ad text', maxChars: 100, noLinks: true },
  /** Meta shows 125 characters in Feed before "See more"; Reels show the first 72 (`leadChars`). */
  metaPrimaryText: { platform: 'Meta', field: 'Primary text', maxChars: 125, leadChars: 72 },
  metaHeadline: { platform: 'Meta', field: 'Headline', maxChars: 27 },
  metaDescription: { platform: 'Meta', field: 'Description', maxChars: 27 },
  googleHeadline: { platform: 'YouTube (Google Ads)', field: 'Headline', maxChars: 40 },
  googleDescription: { platform: 'YouTube (Google Ads)', field: 'Description', maxChars: 90 },
} as const satisfies Record<string, CopyField>;

export interface CopyField {
  platform: string;
  field: string;
  maxChars: number;
  /** The first characters that must carry the point on their own (what a placement shows before truncating). */
  leadChars?: number;
  /** No URL, domain, @mention or hashtag (TikTok refuses them in ad text). */
  noLinks?: true;
}

export type CopyFieldId = keyof typeof copyFields;

/** What the platforms count: characters as a person sees them (an emoji or "é" is one). */
export const charCount = (text: string) => [...text].length;

/** A link in any form a platform would refuse in linkless text: a URL, a bare domain, an @mention, a hashtag. */
const linkPattern = /https?:\/\/|www\.|\b[\p{L}\p{N}-]+\.[\p{L}]{2,}\b|(^|\s)[@#]\S/iu;

export function hasLink(text: string): boolean {
  return linkPattern.test(text);
}

/** The first sentence: what a placement that truncates early still shows. */
export function leadOf(text: string): string {
  return /^.*?[.!?…](?=\s|$)/u.exec(text)?.[0] ?? text;
}

/** Each broken limit of each text, naming the field; empty when every text fits. */
export function copyLimitProblems(texts: Readonly<Record<CopyFieldId, string>>): string[] {
  return (Object.keys(copyFields) as CopyFieldId[]).flatMap((id) => {
    const field: CopyField = copyFields[id];
    const text = texts[id];
    const name = `${field.platform} ${field.field.toLowerCase()}`;
    const problems: string[] = [];
    if (text.trim() === '') problems.push(`${name} is empty`);
    if (charCount(text) > field.maxChars) {
      problems.push(`${name} has ${charCount(text)} characters; ${field.maxChars} are shown`);
    }
    if (field.leadChars && charCount(leadOf(text)) > field.leadChars) {
      problems.push(`${name}'s first sentence has ${charCount(leadOf(text))} characters; ${field.leadChars} are shown`);
    }
    if (field.noLinks && hasLink(text)) problems.push(`${name} carries a link, a mention or a hashtag`);
    return problems;
  });
}

/**
 * The text within `maxChars`: whole when it fits, else cut back to the last whole word that leaves
 * room for an ellipsis (a clause mark left hanging there is dropped). A first word longer than the
 * limit gives '' rather than half a word.
 */
export function shortenAtWord(text: string, maxChars: number): string {
  const whole = text.trim();
  if (charCount(whole) <= maxChars) return whole;
  const words = whole.split(/\s+/);
  let kept = '';
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (charCount(next) + 1 > maxChars) break;
    kept = next;
  }
  kept = kept.replace(/[\s,;:—–-]+$/u, '');
  return kept ? `${kept}…` : '';
}

/** As many of the sentences, in order, as fit together in `maxChars`; the first is shortened if it alone does not. */
export function sentencesWithin(sentences: readonly string[], { maxChars }: Pick<CopyField, 'maxChars'>): string {
  const [first, ...rest] = sentences;
  if (first === undefined) return '';
  let text = shortenAtWord(first, maxChars);
  for (const sentence of rest) {
    const next = `${text} ${sentence}`;
    if (charCount(next) <= maxChars) text = next;
  }
  return text;
}
