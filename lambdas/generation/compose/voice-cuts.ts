// Cuts on the voice's beats: the end card comes in on the pause after the story's last word, not
// at the time the plan gave it. A story line a little shorter than its scene otherwise leaves the
// picture silent until the card's line starts (up to a second of dead air: the storyboard's scene
// times are fixed before anything is read, and the real voice is seldom exactly as long as the
// writer counted). Pure: renderStoryboard and the ads bench retime a storyboard the same way once
// the voice is placed (voice-track.ts), then place it again on the new cut.
import { pacing } from '#generation/storyboard/scene-plans.ts';
import type { Storyboard, StoryboardScene } from '#generation/storyboard/storyboard.ts';
import type { SpokenLine } from '#generation/voice/voice.ts';
import { type PlacedLine, type PlacedVoice, placeVoice, type SceneSlot } from './voice-track.ts';

/** The pause from the story's last word to the end card's cut: the deliberate beat. */
export const cardBeatSeconds = 0.3;
/** The scene before the end card keeps at least this long on screen. */
const minSceneSeconds = 1;
/** A move smaller than this is not worth a cut off the plan. */
const minMoveSeconds = 0.1;

/**
 * The storyboard with its end card starting `cardBeatSeconds` after the story's last word when
 * that is earlier than planned — never longer than `pacing.endCardMaxShare` of the ad, never
 * leaving the scene before it under a second — or the storyboard itself when nothing moves.
 * `locked`: the scenes that must keep their times (a footage clip cut to them).
 */
export function cutEndCardOnVoice<Board extends Pick<Storyboard, 'scenes' | 'durationSeconds'>>(
  storyboard: Board,
  lines: readonly PlacedLine[],
  locked: (sceneIndex: number) => boolean = () => false,
): Board {
  const cardIndex = storyboard.scenes.findIndex((scene) => scene.role === 'cta');
  if (cardIndex < 1 || locked(cardIndex) || locked(cardIndex - 1)) return storyboard;
  const before = storyboard.scenes[cardIndex - 1]!;
  const card = storyboard.scenes[cardIndex]!;
  const lastWord = lines.filter((line) => line.sceneIndex < cardIndex).at(-1)?.endSeconds;
  if (lastWord === undefined) return storyboard;
  const earliest = Math.max(
    before.startSeconds + minSceneSeconds,
    storyboard.durationSeconds * (1 - pacing.endCardMaxShare),
  );
  const cut = round(Math.max(lastWord + cardBeatSeconds, earliest));
  if (card.startSeconds - cut < minMoveSeconds) return storyboard;
  const scenes = [...storyboard.scenes];
  scenes[cardIndex - 1] = retimed(before, before.startSeconds, cut);
  scenes[cardIndex] = retimed(card, cut, card.endSeconds);
  return { ...storyboard, scenes };
}

/** A scene moved to `[start, end]`, its shots scaled to fill it (the last one takes the rounding). */
function retimed(scene: StoryboardScene, start: number, end: number): StoryboardScene {
  const scale = (end - start) / (scene.endSeconds - scene.startSeconds);
  const shots = scene.shots.map((shot) => ({ ...shot, seconds: round(shot.seconds * scale) }));
  const rest = shots.slice(0, -1).reduce((sum, shot) => sum + shot.seconds, 0);
  shots[shots.length - 1] = { ...shots.at(-1)!, seconds: round(end - start - rest) };
  return { ...scene, startSeconds: start, endSeconds: end, shots };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Each scene's time, for the voice's placement (voice-track.ts). */
export function voiceSlots(storyboard: Pick<Storyboard, 'scenes'>): SceneSlot[] {
  return storyboard.scenes.map((scene) => ({
    startSeconds: scene.startSeconds,
    endSeconds: scene.endSeconds,
    endCard: scene.role === 'cta',
  }));
}

/**
 * The voice placed on the ad's clock, and the storyboard as it is cut: the end card on the pause
 * after the story's last word, the voice placed again on that cut; or why the voice does not fit.
 * The renderer places the read voice through this (render-storyboard.ts placeOnVoice), and the
 * template writer the voice it predicts (storyboard/voice-fit.ts), so both judge the same timeline.
 */
export function placeAndCut<Board extends Pick<Storyboard, 'scenes' | 'durationSeconds'>>(
  written: Board,
  spoken: readonly (SpokenLine | null)[],
  endCardBeatSeconds: number,
  locked?: (sceneIndex: number) => boolean,
): { storyboard: Board; placed: PlacedVoice } | { problem: string } {
  const first = placeVoice(voiceSlots(written), spoken, written.durationSeconds, endCardBeatSeconds);
  if ('problem' in first) return first;
  const storyboard = cutEndCardOnVoice(written, first.lines, locked);
  if (storyboard === written) return { storyboard, placed: first };
  const placed = placeVoice(voiceSlots(storyboard), spoken, storyboard.durationSeconds, endCardBeatSeconds);
  // The cut only ever gives the end card's line more room; should it not, the plan's cut stands.
  return 'problem' in placed ? { storyboard: written, placed: first } : { storyboard, placed };
}
