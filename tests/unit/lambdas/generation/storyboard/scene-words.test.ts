import { describe, expect, it } from 'vitest';
import { adHeardBudget, voiceBudget } from '#generation/storyboard/scene-words.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { styles } from '#shared/contract.ts';

describe('what a scene may say', () => {
  it.each(styles)('%s: fills the scene at the style’s slowest pace and says no more than its fastest', (style) => {
    // Act
    const story = voiceBudget(style, 2.5);
    const endCard = voiceBudget(style, 2, 'end-card');

    // Assess
    const { min, max } = styleDefinition(style).pace;
    // A story line leaves at most 0.5 s of silence and may run 0.3 s into the next scene.
    expect(story.min).toBe(Math.round(2 * min));
    expect(story.max).toBe(Math.floor(2.8 * max + 1e-6));
    // The end card opens on a one-second beat and cannot run past the end of the ad.
    expect(endCard.min).toBe(Math.round(1 * min));
    expect(endCard.max).toBe(Math.floor(2 * max + 1e-6));
  });

  it('gives the direct-response voice more words than the cinematic narrator in the same time', () => {
    expect(voiceBudget('direct-response', 2.5).max).toBeGreaterThan(voiceBudget('cinematic', 2.5).max);
    expect(voiceBudget('direct-response', 2.5).min).toBeGreaterThan(voiceBudget('cinematic', 2.5).min);
  });

  it('holds the whole ad to its length at the fastest pace: scenes may spill, the ad may not', () => {
    expect(adHeardBudget('cinematic', 12)).toBe(28);
    expect(adHeardBudget('direct-response', 12)).toBe(36);
    expect(adHeardBudget('ugc', 4)).toBe(11);
  });
});
