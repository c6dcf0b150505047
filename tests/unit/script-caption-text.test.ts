import { describe, expect, it } from 'vitest';
import { fitCaption, shortenToFit, wrapCaption } from '#generation/script/caption-text';

describe('wrapping caption text', () => {
  it('keeps text that fits on one line on one line', () => {
    expect(wrapCaption('Automatic status reports', 2)).toEqual(['Automatic status reports']);
  });

  it('splits longer text into two balanced lines of at most 32 characters', () => {
    expect(wrapCaption('Free shipping on every order over fifty', 2)).toEqual([
      'Free shipping on',
      'every order over fifty',
    ]);
  });

  it('gives up (null) on text that needs a third line or a second line it may not use', () => {
    expect(wrapCaption('This sentence needs more than two lines of thirty-two characters each', 2)).toBeNull();
    expect(wrapCaption('Free shipping on every order over fifty', 1)).toBeNull();
  });

  it('cuts a single word longer than a line with an ellipsis', () => {
    expect(wrapCaption('Pneumonoultramicroscopicsilicovolcanoconiosis', 1)).toEqual([
      'Pneumonoultramicroscopicsilicov…',
    ]);
  });

  it('counts words against the time a scene has', () => {
    expect(fitCaption('one two three four five', { maxWords: 5, maxLines: 2 })).toEqual(['one two three four five']);
    expect(fitCaption('one two three four five six', { maxWords: 5, maxLines: 2 })).toBeNull();
  });
});

describe('shortening copy that does not fit', () => {
  const fiveWords = { maxWords: 5, maxLines: 2 };

  it('keeps the first clause', () => {
    expect(shortenToFit('Ship projects on time, every time you plan', fiveWords)).toEqual(['Ship projects on time']);
  });

  it('cuts before a joining word so the phrase still makes sense', () => {
    expect(shortenToFit('Vibram outsole that grips wet rock', fiveWords)).toEqual(['Vibram outsole']);
    expect(shortenToFit('Works with Slack & GitHub out of the box', fiveWords)).toEqual(['Works with Slack & GitHub']);
  });

  it('never ends on a word like "for" when it has to drop words', () => {
    expect(shortenToFit('Beautiful handmade ceramics for everyday kitchens', { maxWords: 4, maxLines: 1 })).toEqual([
      'Beautiful handmade ceramics',
    ]);
  });

  it('returns null only for text with no words', () => {
    expect(shortenToFit('   ', fiveWords)).toBeNull();
  });
});
