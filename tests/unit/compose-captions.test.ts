// Where the voice lines are heard and how the captions follow them, word by word.
import { describe, expect, it } from 'vitest';
import { captionTrack } from '#generation/compose/captions.ts';
import type { CaptionBandLayout } from '#generation/compose/layout.ts';
import { looks } from '#generation/compose/looks.ts';
import { maxTempo, placeVoice, type SceneSlot } from '#generation/compose/voice-track.ts';
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

describe('the voice track', () => {
  it('starts the hook at once and every other line at its scene, at natural speed', () => {
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
    expect(placed.lines.map((line) => line.tempo)).toEqual([1, 1, 1, 1]);
    expect(placed.lines[0]!.words[0]!.startSeconds).toBeCloseTo(0.09, 2);
    expect(placed.lines[1]!.startSeconds).toBeCloseTo(1.6, 5);
    expect(placed.lines[2]!.endSeconds).toBeLessThan(6);
    expect(placed.lines[3]!.startSeconds).toBeGreaterThanOrEqual(6);
    expect(placed.lines[3]!.endSeconds).toBeLessThanOrEqual(7.8);
  });

  it('lets a long line run into the next scene and speeds the lines up at most 10 % to end before the end card', () => {
    // Prepare: 2.7 s of words for a 2.5 s scene, then a line that has to wait for it.
    const spoken = [
      read('Roasted today.'),
      read('Small batch beans from growers we know', 2.6),
      read('Free shipping, really.', 2.4),
      read('Shop now.'),
    ];

    // Act
    const placed = placeVoice(eightSeconds, spoken, 8);

    // Assess
    if (!('lines' in placed)) throw new Error(placed.problem);
    expect(placed.lines[2]!.startSeconds).toBeGreaterThan(placed.lines[1]!.endSeconds);
    expect(placed.lines[2]!.endSeconds).toBeLessThanOrEqual(6);
    expect(Math.max(...placed.lines.map((line) => line.tempo))).toBeLessThanOrEqual(maxTempo);
  });

  it('names the scene when the voice-over cannot fit even 10 % faster', () => {
    // Prepare
    const spoken = [
      read('Roasted today.'),
      read('one two three four five six seven eight nine ten eleven twelve thirteen fourteen', 2.5),
      null,
      read('Shop now.'),
    ];

    // Act
    const placed = placeVoice(eightSeconds, spoken, 8);

    // Assess
    expect(placed).toEqual({
      problem: expect.stringMatching(/^the voice-over does not fit the ad even 10 % faster: scene 2/),
    });
  });
});

describe('the captions', () => {
  const band: CaptionBandLayout = {
    band: { x: 43, y: 720, width: 634, height: 100 },
    spec: looks.ugc.caption,
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
      tempo: 1,
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

  it('names a word too wide for the band at the minimum size', () => {
    // Prepare
    const lines = [placedLine(1, `${'W'.repeat(40)}`, 2)];

    // Act
    const track = captionTrack(lines, new Map([[1, band]]), 6);

    // Assess
    expect(track.problems).toEqual([`caption "${'W'.repeat(40)}" does not fit the band at 35 px`]);
  });
});
