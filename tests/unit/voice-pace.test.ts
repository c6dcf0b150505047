import { describe, expect, it } from 'vitest';
import { fittedRate, maxSpeedUp, wordsPerSecond } from '#generation/voice/pace.ts';

describe('fitting a read to its scene', () => {
  it('keeps the voice’s rate when the read fits, or when there is no limit', () => {
    expect(fittedRate(0.9, 3.2, 3.5)).toBe(0.9);
    expect(fittedRate(0.9, 3.5, 3.5)).toBe(0.9);
    expect(fittedRate(0.9, 9, undefined)).toBe(0.9);
  });

  it('speeds up in proportion to the overrun, aiming a little under the limit', () => {
    // Act: 10 % too long.
    const rate = fittedRate(1, 3.3, 3);

    // Assess
    expect(rate).toBeGreaterThan(1.1);
    expect(rate).toBeLessThan(1.15);
  });

  it('never speeds up more than 15 %, however long the read', () => {
    expect(maxSpeedUp).toBe(1.15);
    expect(fittedRate(0.8, 8, 4)).toBeCloseTo(0.8 * 1.15, 3);
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
