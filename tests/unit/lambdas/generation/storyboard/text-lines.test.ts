import { describe, expect, it } from 'vitest';
import { wrapCaption } from '#generation/storyboard/text-lines.ts';

describe('wrapping on-screen text into lines', () => {
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
});
