// The shorter forms of a site's words an opening may show (template-writer.ts shortLines): each
// says no more and no less than the site does.
import { describe, expect, it } from 'vitest';
import { shortLines } from '#generation/storyboard/template-writer.ts';

describe("an opening's shorter forms of a headline", () => {
  it('sets a headline’s number with what it counts without the one verb before it', () => {
    // Act
    const lines = shortLines({ kind: 'headline', text: 'Hold 2,300 years of history in your hand' });

    // Assess: the headline without its place, and its number with what it counts
    expect(lines).toEqual(['Hold 2,300 years of history', '2,300 years of history']);
    expect(shortLines({ kind: 'headline', text: 'Join 10,000 happy bakers' })).toEqual(['10,000 happy bakers']);
  });

  it('never drops a word that bounds the number, nor leaves a bare measure', () => {
    // Act + Assess: without "Over" or "Less than" the number would say what the site does not
    expect(shortLines({ kind: 'headline', text: 'Over 500 cafés pour our beans' })).toEqual([]);
    expect(shortLines({ kind: 'headline', text: 'Less than 5 grams of sugar' })).toEqual([]);
    expect(shortLines({ kind: 'headline', text: 'Aged 100 years' })).toEqual([]);
    expect(shortLines({ kind: 'headline', text: 'Roasted for 12 hours' })).toEqual([]);
    // An offer keeps its condition whole
    expect(shortLines({ kind: 'headline', text: 'Save 20% on 3 bags or more' })).toEqual([]);
  });
});
