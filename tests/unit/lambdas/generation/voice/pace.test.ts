// The one place a line's rate is set (lambdas/generation/voice/pace.ts): at its style's pace in
// heard words a second, and at most 15 % faster when it would outlast its scene.
import { describe, expect, it } from 'vitest';
import {
  heardPace,
  lineRate,
  lineRates,
  maxSpeedUp,
  pacedRate,
  paceRates,
  speechSeconds,
  wordsPerSecond,
} from '#generation/voice/pace.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import type { LocalVoiceChoice, SpokenLine, Synthesize } from '#generation/voice/voice.ts';
import { voiceFrom } from '#generation/voice/voice-from.ts';

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

describe('pacing an ad as a whole', () => {
  // Festival's reads as measured on the demo shops' 4 s lines: speech seconds at its own pace (rate 1),
  // shortening as rate^-0.9 (the grid's lines: 0.81–0.96).
  const measured: Record<string, { heard: number; seconds: number }> = {
    'Small-batch coffee?': { heard: 3, seconds: 1.215 },
    'compostable bags.': { heard: 2, seconds: 1.315 },
    'shop House Blend.': { heard: 3, seconds: 1.125 },
    'Classic Invitation Suite.': { heard: 3, seconds: 1.715 },
    'Marlow Letterpress.': { heard: 2, seconds: 1.175 },
    'book Marlow Letterpress.': { heard: 3, seconds: 1.48 },
  };
  const festivalLike: Synthesize<LocalVoiceChoice> = async (reads) =>
    reads.map((read) => {
      const line = read.words.map((word) => word.written).join(' ');
      const { heard, seconds } = measured[line]!;
      const speech = seconds * read.rate ** -0.9;
      return {
        audioPath: `/work/${line}-${read.rate}.wav`,
        durationSeconds: speech + 0.3,
        rate: read.rate,
        heardWords: heard,
        words: [
          { word: read.words[0]!.written, startSeconds: 0.15, endSeconds: 0.3 },
          { word: read.words.at(-1)!.written, startSeconds: 0.3, endSeconds: 0.15 + speech },
        ],
      };
    });
  /** Heard words over speech seconds, the whole ad: what the bench's ad scorecard measures. */
  const adPace = (spoken: readonly SpokenLine[]) =>
    spoken.reduce((sum, line) => sum + line.heardWords!, 0) /
    spoken.reduce((sum, line) => sum + speechSeconds(line), 0);
  const speak = (style: 'ugc' | 'direct-response', lines: string[], maxSeconds: number[]) =>
    voiceFrom('local', festivalLike).speakLines(
      lines.map((text, index) => ({ text, maxSeconds: maxSeconds[index] })),
      voiceFor(style, 'local'),
      '/work',
    );

  it('reads the other lines faster when one of long words stays under the range (the roaster’s UGC 4 s opening B, was 2.38)', async () => {
    // Act
    const spoken = await speak(
      'ugc',
      ['Small-batch coffee?', 'compostable bags.', 'shop House Blend.'],
      [1.2, 1.2, 1.3],
    );

    // Assess: "compostable bags." at the fastest natural rate is heard at ~2 words a second.
    expect(heardPace(spoken[1]!)).toBeLessThan(2.1);
    expect(adPace(spoken)).toBeGreaterThanOrEqual(2.45);
    expect(adPace(spoken)).toBeLessThanOrEqual(2.8);
    for (const line of [spoken[0]!, spoken[2]!]) expect(heardPace(line)).toBeLessThanOrEqual(2.8 + 0.01);
  });

  it('does the same for direct-response (the roaster’s 4 s opening B, was 2.47)', async () => {
    const spoken = await speak(
      'direct-response',
      ['Small-batch coffee?', 'compostable bags.', 'shop House Blend.'],
      [1.2, 1.2, 1.3],
    );
    expect(adPace(spoken)).toBeGreaterThanOrEqual(2.6);
    expect(adPace(spoken)).toBeLessThanOrEqual(3);
  });

  it('speeds up reads under the range past the natural rates, within the one cap, when every line is long (Marlow’s UGC 4 s, was 2.35)', async () => {
    // Act
    const spoken = await speak(
      'ugc',
      ['Classic Invitation Suite.', 'Marlow Letterpress.', 'book Marlow Letterpress.'],
      [1.2, 1.2, 1.3],
    );

    // Assess
    expect(adPace(spoken)).toBeGreaterThanOrEqual(2.45);
    // (Rates are kept to the thousandth.)
    for (const line of spoken) expect(line.rate).toBeLessThanOrEqual(paceRates.max * maxSpeedUp + 0.001);
  });

  it('leaves an ad already inside its range at each line’s own rate', () => {
    // Prepare: 3 heard words in 1.15 s and 1.2 s at UGC's first rate: 2.61 and 2.5 a second.
    const ugc = voiceFor('ugc', 'local');
    const reads = [readOf(0.75, 1.15, 3), readOf(0.75, 1.2, 3)];

    // Act + Assess
    expect(lineRates(reads, ugc, [1.5, 1.5])).toEqual([0.75, 0.75]);
  });
});
