// The voice's caption file (lambdas/generation/pack/caption-file.ts): cues of at most two lines of
// 42 characters, one sentence or clause each, timed from their first word to their last, in order,
// never overlapping and inside the ad; SRT and WebVTT that a strict reader parses to the same cues.
import { describe, expect, it } from 'vitest';
import { type CaptionCue, captionCues, toSrt, toVtt, wrapCue } from '#generation/pack/caption-file.ts';
import type { SpokenWord } from '#generation/voice/voice.ts';
import { parseSrt, parseVtt } from '#tests/unit/support/caption-files.ts';

/** Words read one after another at `perWord` seconds each, a `gap` between sentences. */
function timed(text: string, { from = 0.05, perWord = 0.3, gap = 0.15 } = {}): SpokenWord[] {
  let at = from;
  return text.split(' ').map((word) => {
    const spoken = { word, startSeconds: at, endSeconds: at + perWord - 0.02 };
    at += perWord + (/[.!?]$/.test(word) ? gap : 0);
    return spoken;
  });
}

function expectReadableAndInOrder(cues: CaptionCue[], words: SpokenWord[], durationSeconds: number): void {
  let previousEnd = 0;
  let wordIndex = 0;
  for (const cue of cues) {
    expect(cue.lines.length).toBeGreaterThanOrEqual(1);
    expect(cue.lines.length).toBeLessThanOrEqual(2);
    for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    expect(cue.startSeconds).toBeGreaterThanOrEqual(previousEnd);
    expect(cue.endSeconds).toBeGreaterThan(cue.startSeconds);
    expect(cue.endSeconds).toBeLessThanOrEqual(durationSeconds);
    // The cue shows from its first word, and holds its words in the order they are heard.
    const shown = cue.lines.join(' ').split(' ');
    expect(cue.startSeconds).toBeCloseTo(words[wordIndex]!.startSeconds, 6);
    expect(shown).toEqual(words.slice(wordIndex, wordIndex + shown.length).map((word) => word.word));
    // And stays up until its last word has been said (or the ad ends).
    const last = words[wordIndex + shown.length - 1]!;
    expect(cue.endSeconds).toBeGreaterThanOrEqual(Math.min(last.endSeconds, durationSeconds) - 1e-9);
    wordIndex += shown.length;
    previousEnd = cue.endSeconds;
  }
  expect(wordIndex).toBe(words.filter((word) => word.startSeconds < durationSeconds).length);
}

describe('caption cues', () => {
  it('splits the voice into readable cues, one sentence each, timed to its words', () => {
    // Prepare
    const words = timed(
      'Small-batch coffee, roasted over oak! House Blend, just $16! Subscribe and save 15% on every bag! emberoakcoffee.test!',
    );

    // Act
    const cues = captionCues(words, 12);

    // Assess
    expectReadableAndInOrder(cues, words, 12);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual([
      'Small-batch coffee, roasted over oak!',
      'House Blend, just $16!',
      'Subscribe and save 15% on every bag!',
      'emberoakcoffee.test!',
    ]);
  });

  it('breaks a sentence too long for two lines into cues at its clauses', () => {
    // Prepare
    const words = timed(
      'Hand-set letterpress wedding invitations on heavy cotton paper, printed in a small studio in Richmond, ready to mail in three weeks with two rounds of proofs.',
      { perWord: 0.2 },
    );

    // Act
    const cues = captionCues(words, 12);

    // Assess
    expectReadableAndInOrder(cues, words, 12);
    expect(cues.length).toBeGreaterThan(1);
    expect(cues.some((cue) => cue.lines.length === 2)).toBe(true);
  });

  it('starts a new cue after a pause, and leaves no cue up over the silence', () => {
    // Prepare: the end card's line a beat after the story's
    const words = [...timed('Wild Salmon Bites, just $12!'), ...timed('pickypaws.test!', { from: 3.4 })];

    // Act
    const cues = captionCues(words, 8);

    // Assess
    expectReadableAndInOrder(cues, words, 8);
    expect(cues).toHaveLength(2);
    expect(cues[0]!.endSeconds).toBeLessThan(2);
    expect(cues[1]!.startSeconds).toBeCloseTo(3.4, 6);
  });

  it('ends inside the ad: a word heard after its end is left out and the last cue stops at the end', () => {
    // Prepare
    const words = timed('Book Marlow Letterpress today and keep every word.', { from: 3 });

    // Act
    const cues = captionCues(words, 4);

    // Assess
    expectReadableAndInOrder(cues, words, 4);
    expect(cues.at(-1)!.endSeconds).toBeLessThanOrEqual(4);
  });

  it('wraps into two lines that read well (after a clause, not after a leaning word, else balanced) and shows a word longer than a line whole', () => {
    expect(wrapCue('Subscribe and save 15% on every bag of our small-batch coffee')).toEqual([
      'Subscribe and save 15% on every',
      'bag of our small-batch coffee',
    ]);
    expect(wrapCue('Free shipping on every order of two pouches or more this week')).toEqual([
      'Free shipping on every order',
      'of two pouches or more this week',
    ]);
    expect(wrapCue('Hand-set letterpress wedding invitations, printed on cotton paper in Richmond')).toEqual([
      'Hand-set letterpress wedding invitations,',
      'printed on cotton paper in Richmond',
    ]);
    expect(wrapCue('a'.repeat(50))).toEqual(['a'.repeat(50)]);
    expect(wrapCue(`${'word '.repeat(20)}end`)).toBeNull();
  });
});

describe('SRT and WebVTT', () => {
  it('write the same cues, which a strict reader parses back to the millisecond', () => {
    // Prepare
    const words = timed('Salmon treats picky cats actually finish! Wild Salmon Bites, just $12! pickypaws.test!');
    const cues = captionCues(words, 8);

    // Act
    const srt = parseSrt(toSrt(cues));
    const vtt = parseVtt(toVtt(cues));

    // Assess
    const expected = cues.map((cue) => ({
      startSeconds: Math.round(cue.startSeconds * 1000) / 1000,
      endSeconds: Math.round(cue.endSeconds * 1000) / 1000,
      lines: cue.lines,
    }));
    expect(srt).toEqual(expected);
    expect(vtt).toEqual(expected);
    expect(toSrt(cues).split('\n').slice(0, 3)).toEqual([
      '1',
      '00:00:00,050 --> 00:00:02,000',
      'Salmon treats picky cats actually finish!',
    ]);
  });

  it("keep a site's markup and arrows as text, never as cue syntax", () => {
    // Prepare
    const cues = captionCues(timed('Ember & Oak <b>coffee</b> --> now!'), 4);

    // Act
    const srt = parseSrt(toSrt(cues));
    const vtt = parseVtt(toVtt(cues));

    // Assess
    expect(vtt.map((cue) => cue.lines.join(' '))).toEqual(['Ember & Oak <b>coffee</b> → now!']);
    expect(srt.map((cue) => cue.lines.join(' '))).toEqual(['Ember & Oak <b>coffee</b> → now!']);
  });
});
