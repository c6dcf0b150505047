// Cuts on the voice's beats: the end card comes in on the pause after the story's last word, so a
// story line shorter than its scene leaves no dead air before the card's line.
import { describe, expect, it } from 'vitest';
import { cardBeatSeconds, cutEndCardOnVoice } from '#generation/compose/voice-cuts.ts';
import { type PlacedLine, placeVoice } from '#generation/compose/voice-track.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';
import { longestVoiceGap } from '#tests/bench/ad-scorecard.ts';
import { voiceTimeline } from '#tests/bench/ad-timeline.ts';
import { handWrittenStoryboard } from '#tests/integration/support/hand-written-storyboards.ts';

/** A read whose words take `speechSeconds`, with 0.2 s of silence either side. */
function lasting(speechSeconds: number, wordCount = 5): SpokenLine {
  const each = speechSeconds / wordCount;
  const words = Array.from({ length: wordCount }, (_, index) => ({
    word: `word${index}`,
    startSeconds: 0.2 + index * each,
    endSeconds: 0.2 + (index + 1) * each - 0.04,
  }));
  return { audioPath: `/work/${speechSeconds}.wav`, durationSeconds: speechSeconds + 0.4, words, rate: 1 };
}

const slotsOf = (storyboard: Storyboard) =>
  storyboard.scenes.map((scene) => ({
    startSeconds: scene.startSeconds,
    endSeconds: scene.endSeconds,
    endCard: scene.role === 'cta',
  }));

function placed(storyboard: Storyboard, spoken: SpokenLine[]): PlacedLine[] {
  const placing = placeVoice(slotsOf(storyboard), spoken, storyboard.durationSeconds);
  if ('problem' in placing) throw new Error(placing.problem);
  return placing.lines;
}

const gapOf = (storyboard: Storyboard, lines: PlacedLine[]) =>
  longestVoiceGap(voiceTimeline(storyboard, lines)).seconds;

describe('the end card cut on the voice', () => {
  // A 12 s cinematic ad: scenes of 2.5, 2.7, 2.5, 2.3 and 2 s; the fourth line ("Compostable bags.")
  // lasts 1 s of its 2.3 s (the bench's Ember & Oak ad: a 1.08 s gap before the card's line).
  const written = handWrittenStoryboard('cinematic', 12);
  const spoken = [lasting(2.3), lasting(2.5), lasting(2.3), lasting(1, 2), lasting(1.8, 4)];

  it('comes in a beat after the story’s last word, so no second of silence is left before the card’s line', () => {
    // Prepare
    const asPlanned = placed(written, spoken);

    // Act
    const cut = cutEndCardOnVoice(written, asPlanned);
    const lines = placed(cut, spoken);

    // Assess: as planned, the picture is silent for over half a second before the card's line.
    expect(gapOf(written, asPlanned)).toBeGreaterThan(0.5);
    const card = cut.scenes.at(-1)!;
    const lastStoryWord = asPlanned.filter((line) => line.sceneIndex < 4).at(-1)!.endSeconds;
    expect(card.startSeconds).toBeCloseTo(lastStoryWord + cardBeatSeconds, 3);
    expect(card.startSeconds).toBeLessThan(written.scenes.at(-1)!.startSeconds);
    expect(gapOf(cut, lines)).toBeLessThanOrEqual(0.5);
    // The end card's line is still said, after the card appears.
    expect(lines.at(-1)).toMatchObject({ sceneIndex: 4 });
    expect(lines.at(-1)!.startSeconds).toBeGreaterThan(card.startSeconds);
    // Every scene's shots still fill it, and the scenes still end at the ad's end.
    for (const scene of cut.scenes) {
      const shots = scene.shots.reduce((sum, shot) => sum + shot.seconds, 0);
      expect(shots).toBeCloseTo(scene.endSeconds - scene.startSeconds, 6);
    }
    expect(cut.scenes[3]!.endSeconds).toBe(card.startSeconds);
    expect(card.endSeconds).toBe(12);
  });

  it('never makes the end card more than 35 % of the ad nor the scene before it under a second, and moves nothing when the voice fills the story', () => {
    // Prepare: a single short word before the card (4 s: scenes of 1.3, 1.3, 1.4 s; 12 s: the
    // scene before the card starts at 7.7 s); then a line that fills its scene.
    const short = handWrittenStoryboard('cinematic', 4);
    const shortSpoken = [lasting(1.2, 3), lasting(0.3, 1), lasting(1, 2)];
    const silent = [...spoken.slice(0, 3), lasting(0.3, 1), spoken[4]!];
    const full = [...spoken.slice(0, 3), lasting(2.2), spoken[4]!];

    // Act
    const capped = cutEndCardOnVoice(short, placed(short, shortSpoken));
    const kept = cutEndCardOnVoice(written, placed(written, silent));
    const unmoved = cutEndCardOnVoice(written, placed(written, full));

    // Assess
    expect(capped.scenes.at(-1)!.startSeconds).toBeCloseTo(4 * (1 - 0.35), 3);
    expect(kept.scenes.at(-1)!.startSeconds).toBeCloseTo(7.7 + 1, 3);
    expect(unmoved).toBe(written);
  });

  it('keeps the plan’s cut where a footage clip was cut to the scene', () => {
    // Act
    const cut = cutEndCardOnVoice(written, placed(written, spoken), (index) => index === 3);

    // Assess
    expect(cut).toBe(written);
  });
});
