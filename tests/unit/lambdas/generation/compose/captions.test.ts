// Where the voice lines are heard and how the captions follow them, word by word.
import { describe, expect, it } from 'vitest';
import { captionTrack } from '#generation/compose/captions.ts';
import type { CaptionBandLayout } from '#generation/compose/layout.ts';
import {
  longestVoiceGap,
  maxEndCardBeatSeconds,
  maxGapSeconds,
  maxLeadInSeconds,
  type PlacedLine,
  placeVoice,
  type SceneSlot,
  sceneLeadSeconds,
} from '#generation/compose/voice-track.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { lineRate, maxSpeedUp } from '#generation/voice/pace.ts';
import { voiceFor } from '#generation/voice/style-voices.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';

/** A read of `text` at `wordsPerSecond`, with festival's typical 0.2 s of silence either side. */
function read(text: string, wordsPerSecond = 2.5, pauseAfter: Record<number, number> = {}): SpokenLine {
  let at = 0.2;
  const words = text.split(' ').map((word, index) => {
    const start = at;
    at += 1 / wordsPerSecond;
    const spoken = { word, startSeconds: start, endSeconds: at - 0.05 };
    at += pauseAfter[index] ?? 0;
    return spoken;
  });
  return { audioPath: `/work/${text.length}.wav`, durationSeconds: at + 0.2, words, rate: 1 };
}

const eightSeconds: SceneSlot[] = [
  { startSeconds: 0, endSeconds: 1.5, endCard: false },
  { startSeconds: 1.5, endSeconds: 4, endCard: false },
  { startSeconds: 4, endSeconds: 6, endCard: false },
  { startSeconds: 6, endSeconds: 8, endCard: true },
];

/** A read whose words take `speechSeconds` from the first's start to the last's end. */
function lasting(speechSeconds: number, wordCount = 6): SpokenLine {
  const text = Array.from({ length: wordCount }, (_, index) => `word${index}`).join(' ');
  return read(text, wordCount / speechSeconds - 0.0001);
}

/** The read at `by` times its speed: every time divided by `by`. */
function spedUp(line: SpokenLine, by: number): SpokenLine {
  const at = (seconds: number) => seconds / by;
  return {
    ...line,
    rate: line.rate * by,
    durationSeconds: at(line.durationSeconds),
    words: line.words.map((word) => ({
      ...word,
      startSeconds: at(word.startSeconds),
      endSeconds: at(word.endSeconds),
    })),
  };
}

/** Silences between placed lines, in order (the beat before the end card included), and after the last. */
function silences(lines: readonly PlacedLine[], durationSeconds: number): number[] {
  return lines.map((line, index) => (lines[index + 1]?.startSeconds ?? durationSeconds) - line.endSeconds);
}

describe('the voice track', () => {
  it('starts the hook at once and every other line at its scene when the line before left it just room', () => {
    // Prepare
    const spoken = [
      read('Roasted today.'),
      read('Small batch beans from growers.'),
      read('Free shipping.'),
      read('Shop now.'),
    ];

    // Act
    const placed = placeVoice(eightSeconds, spoken, 8);

    // Assess
    if (!('lines' in placed)) throw new Error(placed.problem);
    expect(placed.lines[0]!.words[0]!.startSeconds).toBeCloseTo(0.09, 2);
    expect(placed.lines[1]!.startSeconds).toBeLessThanOrEqual(1.6);
    expect(placed.lines[2]!.endSeconds).toBeLessThan(6);
    expect(placed.lines[3]!.endSeconds).toBeLessThanOrEqual(7.8);
  });

  it('leaves no gap over 0.5 s between the lines of a 12 s ad whose lines fill their scenes, but the beat before the end card', () => {
    // Prepare: the second line runs 0.3 s into the third scene, the third is short of its scene.
    const twelveSeconds: SceneSlot[] = [
      { startSeconds: 0, endSeconds: 2, endCard: false },
      { startSeconds: 2, endSeconds: 5, endCard: false },
      { startSeconds: 5, endSeconds: 8, endCard: false },
      { startSeconds: 8, endSeconds: 10, endCard: false },
      { startSeconds: 10, endSeconds: 12, endCard: true },
    ];
    const spoken = [lasting(1.8), lasting(3.2, 9), lasting(1.6), lasting(1.8), lasting(1.5, 5)];

    // Act
    const placed = placeVoice(twelveSeconds, spoken, 12);

    // Assess
    if (!('lines' in placed)) throw new Error(placed.problem);
    const gaps = silences(placed.lines, 12);
    expect(Math.max(...gaps.slice(0, 3))).toBeLessThanOrEqual(maxGapSeconds);
    // The beat before the end card is a pause, not dead air, and the ad ends on the voice.
    expect(gaps[3]).toBeGreaterThan(0.3);
    expect(gaps[3]).toBeLessThanOrEqual(maxEndCardBeatSeconds);
    expect(gaps[4]).toBeLessThanOrEqual(maxGapSeconds);
    expect(longestVoiceGap(twelveSeconds, placed.lines, 12)).toBeLessThanOrEqual(maxGapSeconds);
    // A J-cut: the fourth line starts before its scene rather than wait for it.
    expect(placed.lines[3]!.startSeconds).toBeLessThan(8);
    expect(placed.lines[3]!.startSeconds).toBeGreaterThanOrEqual(8 - maxLeadInSeconds);
    expect(placed.lines[1]!.endSeconds).toBeLessThan(placed.lines[2]!.startSeconds);
  });

  it('puts the slack of a short story into the style’s beat before the end card, not into silence after its line', () => {
    // Prepare: the story's last word at about 8.8 s, a 1.5 s end-card line in a card from 9.1 s to 12 s.
    const scenes: SceneSlot[] = [
      { startSeconds: 0, endSeconds: 4.5, endCard: false },
      { startSeconds: 4.5, endSeconds: 9.1, endCard: false },
      { startSeconds: 9.1, endSeconds: 12, endCard: true },
    ];
    const spoken = [lasting(4.2), lasting(4.2), lasting(1.5, 3)];
    const { endCardBeatSeconds } = styleDefinition('cinematic');

    // Act
    const atOneSecond = placeVoice(scenes, spoken, 12, maxEndCardBeatSeconds);
    const atTheStyles = placeVoice(scenes, spoken, 12, endCardBeatSeconds);

    // Assess: a one-second beat leaves the call to action followed by 0.5 s or more of silence; the
    // calm narrator's longer beat ends it near the ad's end.
    if (!('lines' in atOneSecond) || !('lines' in atTheStyles)) throw new Error('the voice did not fit');
    expect(endCardBeatSeconds).toBeGreaterThan(maxEndCardBeatSeconds);
    expect(silences(atOneSecond.lines, 12).at(-1)).toBeGreaterThan(maxGapSeconds);
    const gaps = silences(atTheStyles.lines, 12);
    expect(gaps.at(-1)).toBeLessThanOrEqual(maxGapSeconds);
    expect(gaps.at(-2)).toBeLessThanOrEqual(endCardBeatSeconds + 1e-9);
  });

  it('speeds a line up once, at most 15 %: a line that needs 2× runs on over the end card, whose line is left unsaid', () => {
    // Prepare: the third scene's line lasts twice what its 2 s scene allows (more than the
    // 0.35 s it may run into the end card), and the lines before fill their scenes, so there is no
    // room for a J-cut.
    const choice = voiceFor('direct-response', 'local');
    const natural = { ...lasting(4, 6), rate: choice.rate };
    const rate = lineRate(natural, choice, 2 - sceneLeadSeconds);
    const fitted = spedUp(natural, rate / natural.rate);
    const before = [lasting(1.4, 3), lasting(2.4)];

    // Act
    const placed = placeVoice(eightSeconds, [...before, fitted, read('Shop now.')], 8);

    // Assess: sped up once, to the cap; placed at that speed over the end card, the CTA line dropped
    // (the end card's button says it) rather than the order refused.
    expect(rate).toBeCloseTo(choice.rate * maxSpeedUp, 3);
    const lines = (placed as { lines: PlacedLine[] }).lines;
    expect(lines.map((line) => line.sceneIndex)).toEqual([0, 1, 2]);
    expect(lines[2]!.endSeconds).toBeLessThanOrEqual(8);
    // With room for it, the end card's line is said: a shorter third line leaves it in.
    const shorter = spedUp(fitted, 1.4);
    expect(
      (placeVoice(eightSeconds, [...before, shorter, read('Shop now.')], 8) as { lines: PlacedLine[] }).lines,
    ).toHaveLength(4);
  });

  it('says which spacing placed the voice, so the bench can count the last resort that drops the CTA line', () => {
    // Prepare: as above, a third line twice its scene (the last resort), and one that fits loosely.
    const before = [lasting(1.4, 3), lasting(2.4)];
    const overlong = [...before, lasting(3.4, 6), read('Shop now.')];
    const roomy = [read('Roasted today.'), read('Small batch beans.'), read('Free shipping.'), read('Shop now.')];

    // Act
    const lastResort = placeVoice(eightSeconds, overlong, 8);
    const relaxed = placeVoice(eightSeconds, roomy, 8);
    const unsaid = placeVoice(eightSeconds, [...roomy.slice(0, 3), null], 8);

    // Assess
    expect(lastResort).toMatchObject({ placement: 'over-end-card', endCardLineDropped: true });
    expect(relaxed).toMatchObject({ placement: 'relaxed', endCardLineDropped: false });
    // An end card with no line to say has none dropped.
    expect(unsaid).toMatchObject({ endCardLineDropped: false });
  });

  it("lets the story's last line run up to 0.35 s into the end card rather than refuse the ad", () => {
    // Prepare: the third line ends 0.2 s past the end card's start, however tight the pauses.
    const before = [lasting(1.4, 3), lasting(2.4)];
    const long = lasting(2.25, 6);

    // Act
    const placed = placeVoice(eightSeconds, [...before, long, read('Shop now.')], 8);

    // Assess: placed, the CTA line after it and before the ad ends.
    expect(placed).toHaveProperty('lines');
    const lines = (placed as { lines: PlacedLine[] }).lines;
    const endCard = eightSeconds.find((scene) => scene.endCard)!.startSeconds;
    expect(lines[2]!.endSeconds).toBeGreaterThan(endCard);
    expect(lines[2]!.endSeconds).toBeLessThanOrEqual(endCard + 0.35);
    expect(lines[3]!.startSeconds).toBeGreaterThan(lines[2]!.endSeconds);
    expect(lines[3]!.endSeconds).toBeLessThanOrEqual(8);
  });

  it('names the scene when the voice-over cannot fit', () => {
    // Prepare
    const spoken = [
      read('Roasted today.'),
      // 24 words at 2.5 a second: 9.6 s, longer than the whole ad.
      read(`${'one two three four five six seven eight '.repeat(3).trim()}`, 2.5),
      null,
      read('Shop now.'),
    ];

    // Act
    const placed = placeVoice(eightSeconds, spoken, 8);

    // Assess
    expect(placed).toEqual({ problem: expect.stringMatching(/^the voice-over does not fit the ad: scene 2/) });
  });
});

describe('the captions', () => {
  const band: CaptionBandLayout = {
    band: { x: 43, y: 720, width: 634, height: 100 },
    spec: styleDefinition('ugc').look.type.caption,
    ink: '#ffffff',
    activeInk: '#fde047',
    backing: { kind: 'stroke', color: '#111111', width: 5 },
  };
  const placedLine = (sceneIndex: number, text: string, start: number, pauseAfter: Record<number, number> = {}) => {
    const spoken = read(text, 2.5, pauseAfter);
    const shift = start - spoken.words[0]!.startSeconds;
    return {
      sceneIndex,
      audioPath: spoken.audioPath,
      trim: { startSeconds: 0, endSeconds: spoken.durationSeconds },
      startSeconds: start,
      endSeconds: spoken.words.at(-1)!.endSeconds + shift,
      words: spoken.words.map((word) => ({
        ...word,
        startSeconds: word.startSeconds + shift,
        endSeconds: word.endSeconds + shift,
      })),
    };
  };

  it('shows 1–3 words at a time, ending groups at clause marks and pauses, the spoken word highlighted', () => {
    // Prepare
    const lines = [placedLine(1, 'Wait, roasted the day it ships and delivered fast', 1.6, { 5: 0.6 })];

    // Act
    const track = captionTrack(lines, new Map([[1, band]]), 6);

    // Assess
    expect(track.problems).toEqual([]);
    expect(track.groups.map((group) => group.words.join(' '))).toEqual([
      'Wait',
      'roasted the day',
      'it ships',
      'and delivered fast',
    ]);
    expect(track.groups.every((group) => group.words.length <= 3)).toBe(true);
    const spoken = lines[0]!.words;
    track.states.forEach((state, index) => {
      expect(state.startFrame).toBe(Math.round(spoken[index]!.startSeconds * 30));
      expect(state.words[state.active]).toBe(spoken[index]!.word.replace(',', ''));
    });
  });

  it('never shows a state after another has started, and stops at the end card', () => {
    // Prepare
    const lines = [placedLine(1, 'one two three four five six seven eight', 4.8)];

    // Act
    const track = captionTrack(lines, new Map([[1, band]]), 6);

    // Assess
    for (let index = 1; index < track.states.length; index++) {
      expect(track.states[index]!.startFrame).toBeGreaterThanOrEqual(track.states[index - 1]!.endFrame);
    }
    expect(Math.max(...track.states.map((state) => state.endFrame))).toBeLessThanOrEqual(180);
  });

  it('leaves out a spoken number the scene already shows, so a price is never on screen twice', () => {
    // Prepare: the scene shows "House Blend — $16"; the voice says "Our House Blend, $16, 4.8 stars."
    const lines = [placedLine(1, 'Our House Blend, $16, rated 4.8 stars', 1.6)];
    const showing = { ...band, shownNumbers: ['16'] };

    // Act
    const track = captionTrack(lines, new Map([[1, showing]]), 6);

    // Assess: "$16" is not captioned; the rating, which the scene does not show, is.
    const captioned = track.groups.flatMap((group) => group.words);
    expect(captioned).not.toContain('$16');
    expect(captioned).toContain('4.8');
    expect(captioned).toContain('Blend');
  });

  it('names a word too wide for the band at the minimum size', () => {
    // Prepare
    const lines = [placedLine(1, `${'W'.repeat(40)}`, 2)];

    // Act
    const track = captionTrack(lines, new Map([[1, band]]), 6);

    // Assess
    expect(track.problems).toEqual([`caption "${'W'.repeat(40)}" does not fit the band at 35 px`]);
  });
});
