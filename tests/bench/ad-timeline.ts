// What a rendered ad shows and says, and when (pure): the text blocks and captions on screen, the
// words heard, the brand marks and how tall the product is, from the storyboard, its layout, the
// voice as placed on the ad's clock and the text entrances of the exact ffmpeg command that made
// the ad. The ad scorecard (ad-scorecard.ts) measures this timeline, never the engine's internals.
import { type CaptionTrack, captionWord } from '#generation/compose/captions.ts';
import { type Box, frame, safeZone } from '#generation/compose/geometry.ts';
import type { AdLayout, SceneLayout, ShotLayout } from '#generation/compose/layout.ts';
import type { PlacedLine } from '#generation/compose/voice-track.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';

export interface ScreenText {
  text: string;
  /** The layout's text role (headline, callout, end-title, …) or `caption`. */
  role: string;
  sceneIndex: number;
  /** From when it is at least half opaque, to when it leaves. */
  fromSeconds: number;
  toSeconds: number;
}

export interface HeardWord {
  word: string;
  sceneIndex: number;
  startSeconds: number;
  endSeconds: number;
}

export interface BrandMark {
  kind: string;
  fromSeconds: number;
}

export interface AdTimeline {
  durationSeconds: number;
  /** When the end card starts (the ad's length when it has none). */
  endCardSeconds: number;
  texts: ScreenText[];
  words: HeardWord[];
  /** Logos and brand marks on screen (brand names as text are in `texts`). */
  brandMarks: BrandMark[];
  /** Per story scene that shows a photo: the product's key area's height ÷ the safe zone's height (median of its shots). */
  productShares: number[];
}

/** A text layer's fade-in, by `<scene>-<block>` (the layer files are named `…text-<scene>-<block>.png`). */
export type TextFadeIns = ReadonlyMap<string, number>;

/**
 * The fade-in of every text layer in an ffmpeg compose command (filter-graph.ts): each `-i` input's
 * path, and the `fade=t=in:st=…:d=…` its `[n:v]` stream gets. A layer without a fade is 0.
 */
export function textFadeIns(args: readonly string[]): TextFadeIns {
  const inputs: string[] = [];
  args.forEach((arg, index) => {
    if (arg === '-i') inputs.push(args[index + 1] ?? '');
  });
  const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
  const fadeIns = new Map<string, number>();
  inputs.forEach((path, input) => {
    const layer = /text-(\d+)-(\d+)\.png$/.exec(path);
    if (!layer) return;
    const fade = new RegExp(`\\[${input}:v\\][^;]*?fade=t=in:st=([\\d.]+):d=([\\d.]+)`).exec(graph);
    fadeIns.set(`${layer[1]}-${layer[2]}`, fade ? Number(fade[1]) + Number(fade[2]) : 0);
  });
  return fadeIns;
}

export interface TimelineInput {
  storyboard: Storyboard;
  layout: AdLayout;
  /** The voice as placed on the ad's clock (voice-track.ts placeVoice). */
  lines: readonly PlacedLine[];
  captions: CaptionTrack;
  fadeIns: TextFadeIns;
}

/** What the layout may carry beyond today's fields: a brand mark per scene, a key area per shot. */
type WithBrandMark = SceneLayout & { brandMark?: { box: Box; kind: string } | null };
type WithKeyArea = ShotLayout & { keyArea?: Box | null; product: (ShotLayout['product'] & { keyArea?: Box }) | null };

export function adTimeline({ storyboard, layout, lines, captions, fadeIns }: TimelineInput): AdTimeline {
  const seconds = (frames: number) => frames / frame.fps;
  const endCard = layout.scenes.find((scene) => scene.endCard);
  const texts: ScreenText[] = layout.scenes.flatMap((scene) =>
    scene.texts.map((block, index) => ({
      text: block.lines.map((line) => line.map((word) => word.text).join(' ')).join(' '),
      role: block.role,
      sceneIndex: scene.index,
      // Half opaque halfway through its fade-in.
      fromSeconds: seconds(scene.startFrame) + (fadeIns.get(`${scene.index}-${index}`) ?? 0) / 2,
      toSeconds: seconds(scene.endFrame),
    })),
  );
  for (const state of captions.states) {
    const group = captions.groups[state.group]!;
    texts.push({
      text: state.words.join(' '),
      role: 'caption',
      sceneIndex: group.sceneIndex,
      fromSeconds: seconds(state.startFrame),
      toSeconds: seconds(state.endFrame),
    });
  }
  const words = heardWords(lines);
  const sourceOf = new Map(storyboard.assets.map((asset) => [asset.id, asset.source]));
  const brandMarks: BrandMark[] = layout.scenes.flatMap((scene: WithBrandMark) => {
    const marks: BrandMark[] = [];
    if (scene.brandMark) marks.push({ kind: scene.brandMark.kind, fromSeconds: seconds(scene.startFrame) });
    for (const shot of scene.shots) {
      if (shot.asset && sourceOf.get(shot.asset) === 'logo')
        marks.push({ kind: 'logo', fromSeconds: seconds(shot.startFrame) });
    }
    if (scene.endCard && storyboard.endCard.asset && sourceOf.get(storyboard.endCard.asset) === 'logo') {
      marks.push({ kind: 'logo', fromSeconds: seconds(scene.startFrame) });
    }
    return marks;
  });
  const productShares = layout.scenes
    .filter((scene) => !scene.endCard)
    .map((scene) => scene.shots.flatMap((shot) => shareOf(shot as WithKeyArea, sourceOf)))
    .filter((shares) => shares.length > 0)
    .map(median);
  return {
    durationSeconds: storyboard.durationSeconds,
    endCardSeconds: endCard ? seconds(endCard.startFrame) : storyboard.durationSeconds,
    texts,
    words,
    brandMarks,
    productShares,
  };
}

/** The voice's words on the ad's clock, as heard (a word the caption drops, such as "—", is not one). */
export function heardWords(lines: readonly PlacedLine[]): HeardWord[] {
  return lines.flatMap((line) =>
    line.words
      .filter((word) => captionWord(word.word))
      .map((word) => ({ word: word.word, sceneIndex: line.sceneIndex, ...timesOf(word) })),
  );
}

/**
 * The timeline of the voice alone (nothing on screen): what the voice-only grid (ad-voices.ts)
 * measures — the gaps and the pace — without drawing or encoding the ad.
 */
export function voiceTimeline(storyboard: Storyboard, lines: readonly PlacedLine[]): AdTimeline {
  const endCard = storyboard.scenes.find((scene) => scene.role === 'cta');
  return {
    durationSeconds: storyboard.durationSeconds,
    endCardSeconds: endCard ? endCard.startSeconds : storyboard.durationSeconds,
    texts: [],
    words: heardWords(lines),
    brandMarks: [],
    productShares: [],
  };
}

function timesOf(word: { startSeconds: number; endSeconds: number }) {
  return { startSeconds: word.startSeconds, endSeconds: word.endSeconds };
}

/**
 * The product's key area's height as a share of the safe zone's: the layout's key area when it has
 * one, else the product's box; a photo that covers the frame (no product box) fills the safe zone.
 * Logos and designed backgrounds are not the product.
 */
function shareOf(shot: WithKeyArea, sources: ReadonlyMap<string, string>): number[] {
  if (!shot.asset || sources.get(shot.asset) === 'logo' || shot.design === 'brand') return [];
  const key = shot.keyArea ?? shot.product?.keyArea ?? shot.product?.box;
  if (!key) return shot.design === 'cover' ? [1] : [];
  const top = Math.max(key.y, safeZone.y);
  const bottom = Math.min(key.y + key.height, safeZone.y + safeZone.height);
  return [Math.max(0, bottom - top) / safeZone.height];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
