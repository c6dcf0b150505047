// Words run together in a domain or a name are read and shown as words
// (lambdas/generation/words/split-words.ts): the voice says "ember oak coffee dot com", a name
// taken from a domain is "Closed Bakery"; real words, brands the list lacks and numbers stay whole.
import { describe, expect, it } from 'vitest';
import { businessNameFromDomain } from '#generation/website/site-domain.ts';
import { saidAs, splitRun } from '#generation/words/split-words.ts';

describe('splitting words run together', () => {
  it.each([
    ['emberoakcoffee', ['ember', 'oak', 'coffee']],
    ['closedbakery', ['closed', 'bakery']],
    ['glowlabskin', ['glow', 'lab', 'skin']],
    ['whiskertreats', ['whisker', 'treats']],
    ['juniperyoga', ['juniper', 'yoga']],
    ['thebikeshop', ['the', 'bike', 'shop']],
  ])('splits %s into its words', (run, words) => {
    expect(splitRun(run)).toEqual(words);
  });

  it.each(['coffee', 'strawberry', 'understand', 'subscribe', 'whisker', 'salmon', 'Yamaha', 'photography'])(
    'leaves the word %s whole',
    (word) => {
      expect(splitRun(word)).toBeNull();
    },
  );

  it.each(['compostable', 'refillable', 'shoeless'])('leaves %s whole: a word with a suffix is one word', (word) => {
    expect(splitRun(word)).toBeNull();
  });

  it.each(['shopify', 'kombucha', 'glossier'])('leaves %s whole rather than cut it into fragments', (brand) => {
    expect(splitRun(brand)).toBeNull();
  });

  it('leaves a run longer than any domain label whole, and a long token of punctuation as written', () => {
    expect(splitRun('emberoak'.repeat(2000))).toBeNull();
    expect(saidAs('x!'.repeat(10_000))).toBe('x!'.repeat(10_000));
  });

  it.each(['XS400', '4200', 'abc', 'Oak'])('leaves %s (digits, or too short to be two words) alone', (token) => {
    expect(splitRun(token)).toBeNull();
  });
});

describe('a written word as the voice says it', () => {
  it.each([
    ['emberoakcoffee.com', 'ember oak coffee dot com'],
    ['emberoakcoffee.com.', 'ember oak coffee dot com.'],
    ['(www.glowlabskin.co.uk)', '(glow lab skin dot co dot uk)'],
    ['closedbakery', 'closed bakery'],
    ['EmberOak', 'Ember Oak'],
  ])('says %s as "%s"', (written, said) => {
    expect(saidAs(written)).toBe(said);
  });

  it.each(['$16', '4.8/5', '24/7.', 'XS400', '15%', 'Glossier', 'House', 'e.g.', '“Honestly,”', 'café'])(
    'says %s as written',
    (written) => {
      expect(saidAs(written)).toBe(written);
    },
  );
});

describe('the business name a domain suggests', () => {
  it.each([
    ['closedbakery.com', 'Closed Bakery'],
    ['emberoakcoffee.com', 'Ember Oak Coffee'],
    ['www.glowlabskin.com', 'Glow Lab Skin'],
    ['shop.northwind-shoes.co.uk', 'Northwind Shoes'],
    ['shop24.de', 'Shop24'],
  ])('reads %s as "%s"', (domain, name) => {
    expect(businessNameFromDomain(domain)).toBe(name);
  });
});
