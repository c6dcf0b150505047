// The CTA's spoken candidates, as a listener hears them: the button's verb, then the domain; never
// "Visit at" (a candidate once, for a business of no known kind), and always a short one that a
// 1.4 s end card can say. And the thing a headline names, for a hook too short for the whole of it.
import { describe, expect, it } from 'vitest';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import { namedThing } from '#generation/storyboard/style-lines.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { styles } from '#shared/contract.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

const copy = siteCopy(siteFactsOf('bare'));

describe('the call to action the voice may say', () => {
  it('says the button’s words and the domain, longest first', () => {
    expect(styleDefinition('cinematic').copy.lines.cta('Shop House Blend', copy)[0]).toBe(
      `Shop House Blend. ${copy.domain}.`,
    );
    expect(styleDefinition('direct-response').copy.lines.cta('Claim 15% off', copy)[0]).toBe(
      `Claim 15% off at ${copy.domain}!`,
    );
    expect(styleDefinition('ugc').copy.lines.cta('Shop House Blend', copy)[0]).toBe(`it's at ${copy.domain}.`);
  });

  it('never says "Visit at", and always has a line of two heard words', () => {
    for (const style of styles) {
      for (const business of ['software', 'service', 'shop', 'other'] as const) {
        const lines = styleDefinition(style).copy.lines.cta('Visit Juniper Yoga', { ...copy, business });
        for (const line of lines) expect(line).not.toMatch(/\bvisit at\b/i);
        expect(Math.min(...lines.map(spokenWordCount))).toBeLessThanOrEqual(3);
      }
    }
  });
});

describe('namedThing', () => {
  it.each([
    ['Small-batch coffee, roasted over oak', 'Small-batch coffee'],
    ['Hand-set type — printed in Marlow', 'Hand-set type'],
  ])('gives the thing "%s" names before its clause: "%s"', (headline, thing) => {
    expect(namedThing(headline)).toBe(thing);
  });

  it.each([
    ['Salmon treats picky cats actually finish', 'no clause follows'],
    ['Build habits that stick, every day', 'it tells the reader to do something'],
    ['Coffee, roasted over oak', 'one word is not a line'],
    ['Tired of bare walls?', 'a question'],
  ])('gives nothing for "%s" (%s)', (headline) => {
    expect(namedThing(headline)).toBeUndefined();
  });
});
