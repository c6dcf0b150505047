import { describe, expect, it } from 'vitest';
import { adHeardBudget, cutLine, shortForms, voiceBudget } from '#generation/storyboard/scene-words.ts';
import { speakingRate } from '#generation/voice/style-voices.ts';
import { styles } from '#shared/contract.ts';

describe('what a scene may say', () => {
  it.each(styles)('%s: heard words at the style’s speaking rate, with up to 0.3 s spilling over', (style) => {
    // Act
    const spilling = voiceBudget(style, 2);
    const held = voiceBudget(style, 2, false);

    // Assess
    expect(spilling.heard).toBe(Math.floor(2.3 * speakingRate(style)));
    expect(held.heard).toBe(Math.floor(2 * speakingRate(style)));
    // The schema's written-word cap stays the outer bound.
    expect(spilling.words).toBe(5);
  });

  it('gives a 1.2–1.5 s hook room for a claim with its number in every style ("Rated 4.8!" is four)', () => {
    expect(voiceBudget('cinematic', 1.5).heard).toBeGreaterThanOrEqual(3);
    expect(voiceBudget('direct-response', 1.2).heard).toBeGreaterThanOrEqual(3);
    expect(voiceBudget('ugc', 1.5).heard).toBeGreaterThanOrEqual(3);
  });

  it('charges the whole ad each line’s gap: a 4 s ad of three lines holds fewer words than its scenes', () => {
    // Act
    const whole = adHeardBudget('cinematic', 4, 3);

    // Assess
    const scenes = [1.5, 1.5, 1].reduce((sum, seconds) => sum + voiceBudget('cinematic', seconds).heard, 0);
    expect(whole).toBe(Math.floor((4 - 3 * 0.3) * speakingRate('cinematic')));
    expect(whole).toBeLessThan(scenes);
  });
});

describe('a line said shorter', () => {
  it.each([
    ['honestly? upfront pricing, no surprises.', ['upfront pricing, no surprises.', 'upfront pricing.']],
    ['Cotton wick for a clean, even burn.', ['Cotton wick.']],
    ['plus, free shipping over $30.', ['free shipping over $30.', 'free shipping.']],
    ["and it's $34.", ['$34.']],
    ['Free shipping over $30!', ['Free shipping!']],
    ['Roasted to order. Small-batch coffee.', ['Roasted to order.']],
  ])('"%s" can be said as %j', (line, forms) => {
    expect(shortForms(line)).toEqual(forms);
  });

  it('never stops on a word that leaves the phrase open, nor keeps a lone word', () => {
    // "Roasted to" and "Roasted" say nothing; "Loved" is a word, not a fact.
    expect(shortForms('Roasted to order.')).toEqual([]);
    expect(shortForms('Loved by over 4,000 teams.')).toEqual([]);
    expect(shortForms("it's called Juniper Yoga.")).toEqual([]);
  });

  it('cuts a line to fewer words only as a last resort, and then at a word that closes a phrase', () => {
    // Prepare: two heard words for a benefit of seven.
    const budget = { words: 4, heard: 2 };

    // Act
    const line = cutLine(['cotton wick for a clean, even burn.'], budget);

    // Assess
    expect(line).toBe('cotton wick.');
  });
});
