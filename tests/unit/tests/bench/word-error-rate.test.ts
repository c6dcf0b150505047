// The bench's voice word error rate (tests/bench/word-error-rate.ts), its pure parts: the script
// as the recogniser spells it, the per-ad language model and the word-level edit distance.
import { describe, expect, it } from 'vitest';
import { heardWords, scriptLanguageModel, scriptWords, wordErrorRate } from '#tests/bench/word-error-rate.ts';

describe('the voice word error rate', () => {
  it('spells the script as it is said: prices, percentages, ratings and "&"', () => {
    // Act
    const words = scriptWords('Ember & Oak: House Blend, $16. Save 15%, rated 4.8/5 — $4,200.');

    // Assess
    expect(words.join(' ')).toBe(
      'ember and oak house blend sixteen dollars save fifteen percent rated four point eight out of five four thousand two hundred dollars',
    );
  });

  it('counts a swapped, a dropped and an added word against the script', () => {
    // Prepare
    const script = scriptWords('salmon treats cats actually finish');

    // Act
    const rates = [
      wordErrorRate(script, script),
      wordErrorRate(script, ['salmon', 'treats', 'dogs', 'actually', 'finish']),
      wordErrorRate(script, ['salmon', 'treats', 'actually', 'finish']),
      wordErrorRate(script, [...script, 'now']),
    ];

    // Assess
    expect(rates).toEqual([0, 0.2, 0.2, 0.2]);
  });

  it("builds an ARPA bigram model that favours the script's words and knows the whole dictionary", () => {
    // Act
    const model = scriptLanguageModel(
      ['Salmon treats.', 'Cats finish them.'],
      ['salmon', 'treats', 'cats', 'finish', 'them', 'dogs'],
    );

    // Assess
    const unigram = (word: string) => Number(new RegExp(`^(-?[\\d.]+)\\t${word}\\t`, 'm').exec(model)?.[1]);
    expect(model).toMatch(/^\\data\\\nngram 1=8\nngram 2=7\n/);
    expect(model).toContain('\tsalmon treats\n');
    expect(model).toContain('\t<s> cats\n');
    expect(unigram('salmon')).toBeGreaterThan(unigram('dogs'));
    expect(model.trimEnd().endsWith('\\end\\')).toBe(true);
  });

  it("reads pocketsphinx's timed words, not its hypothesis line, silences, fillers or alternate pronunciations", () => {
    // Act
    const words = heardWords(
      'salmon treats\n<s> 0.00 0.05 1.0\nsalmon 0.05 0.50 0.9\n<sil> 0.50 0.60 1.0\ntreats(2) 0.60 1.00 0.8\n[NOISE] 1.0 1.1 1\n</s> 1.10 1.20 1.0\n',
    );

    // Assess
    expect(words).toEqual(['salmon', 'treats']);
  });
});
