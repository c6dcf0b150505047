// The CTA's spoken candidates, as a listener hears them: a verb takes "at" before the domain,
// "Visit" does not ("Visit at acme.com" was a candidate for a business of no known kind).
import { describe, expect, it } from 'vitest';
import { siteCopy } from '#generation/storyboard/site-copy.ts';
import { styleLines } from '#generation/storyboard/style-lines.ts';
import { styles } from '#shared/contract.ts';
import { siteFactsOf } from './fixtures/sites.ts';

const copy = siteCopy(siteFactsOf('bare'));

describe('the call to action the voice may say', () => {
  it('leads into the domain with the business kind\'s verb, and "Visit" without "at"', () => {
    const lead = (business: typeof copy.business) => styleLines.cinematic.cta({ ...copy, business })[0];

    expect(lead('software')).toBe(`Try it at ${copy.domain}.`);
    expect(lead('service')).toBe(`Book at ${copy.domain}.`);
    expect(lead('shop')).toBe(`Shop at ${copy.domain}.`);
    expect(lead('other')).toBe(`Visit ${copy.domain}.`);
    expect(styleLines['direct-response'].cta({ ...copy, business: 'other' }).slice(0, 2)).toEqual([
      `Visit ${copy.domain} now!`,
      `Visit ${copy.domain}!`,
    ]);
  });

  it('never says "Visit at" in any style, for any kind of business', () => {
    for (const style of styles) {
      for (const business of ['software', 'service', 'shop', 'other'] as const) {
        for (const line of styleLines[style].cta({ ...copy, business })) expect(line).not.toMatch(/\bvisit at\b/i);
      }
    }
  });
});
