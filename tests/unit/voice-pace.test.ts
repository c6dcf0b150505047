// The one place a line's rate is set (lambdas/generation/voice/pace.ts): at its style's pace in
// heard words a second, and at most 15 % faster when it would outlast its scene.
import { describe, expect, it } from 'vitest';
import { heardPace, lineRate, maxSpeedUp, pacedRate, paceRates, wordsPerSecond } from '#generation/voice/pace.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';

/** A read at `rate` whose words run from 0.2 s for `speechSeconds`, `heardWords` of them heard. */
function readOf(rate: number, speechSeconds: number, heardWords?: number): SpokenLine {
  return {
    audioPath: '/work/line.wav',
    durationSeconds: speechSeconds + 0.4,
    rate,
    heardWords,
    words: [
      { word: 'Coffee', startSeconds: 0.2, endSeconds: 1 },
      { word: 'today.', startSeconds: 1, endSeconds: 0.2 + speechSeconds },
    ],
  };
}

describe('pacing a line to its style', () => {
  const directResponse = voiceFor('direct-response', 'local');

  it('keeps the rate of a read already inside the style’s range', () => {
    // 8 heard words in 2.9 s: 2.76 a second, inside 2.6–3.0.
    expect(pacedRate(readOf(0.9, 2.9, 8), directResponse)).toBe(0.9);
  });

  it('reads a slow line faster and a fast one slower, to the middle of the range', () => {
    // 9 heard words in 4.4 s (2.05 a second) → 2.8 a second: 0.9 × 2.8 / 2.05.
    expect(pacedRate(readOf(0.9, 4.4, 9), directResponse)).toBeCloseTo((0.9 * 2.8 * 4.4) / 9, 3);
    expect(pacedRate(readOf(0.9, 1.6, 6), directResponse)).toBeCloseTo((0.9 * 2.8 * 1.6) / 6, 3);
  });

  it('stays within the rates the voice sounds natural at', () => {
    expect(pacedRate(readOf(1, 10, 5), directResponse)).toBe(paceRates.max);
    expect(pacedRate(readOf(1, 1, 9), voiceFor('cinematic', 'local'))).toBe(paceRates.min);
  });

  it('leaves a read whose heard words are not counted (Polly) at its style’s rate', () => {
    expect(pacedRate(readOf(1.1, 4.4), voiceFor('direct-response', 'polly'))).toBe(1.1);
    expect(heardPace(readOf(1.1, 4.4))).toBeUndefined();
  });
});

describe('fitting a read to its scene', () => {
  const ugc = voiceFor('ugc', 'local');

  it('keeps the paced rate when the read fits, or when there is no limit', () => {
    // 7 heard words in 2.7 s: 2.59 a second, inside UGC's 2.4–2.8.
    expect(lineRate(readOf(0.84, 2.7, 7), ugc, 3)).toBe(0.84);
    expect(lineRate(readOf(0.84, 2.7, 7), ugc, undefined)).toBe(0.84);
  });

  it('speeds up in proportion to the overrun, aiming a little under the limit', () => {
    // 10 % too long (speech and the padding kept around it).
    const rate = lineRate(readOf(0.84, 2.7, 7), ugc, 2.78 / 1.1);
    expect(rate / 0.84).toBeGreaterThan(1.1);
    expect(rate / 0.84).toBeLessThan(1.15);
  });

  it('never speeds up more than 15 % beyond the paced rate, however long the read', () => {
    expect(maxSpeedUp).toBe(1.15);
    expect(lineRate(readOf(0.84, 2.7, 7), ugc, 1)).toBeCloseTo(0.84 * 1.15, 3);
  });
});

describe('words per second', () => {
  it('counts from the first word’s start to the last word’s end, silence aside', () => {
    // Prepare
    const words = [
      { word: 'Order', startSeconds: 0.3, endSeconds: 0.7 },
      { word: 'now', startSeconds: 0.8, endSeconds: 1.1 },
    ];

    // Act + Assess
    expect(wordsPerSecond(words)).toBeCloseTo(2.5, 6);
    expect(wordsPerSecond([])).toBe(0);
  });
});
