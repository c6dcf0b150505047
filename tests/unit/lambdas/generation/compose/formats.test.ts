// The delivery formats (shared/ad-formats.ts) composed from one storyboard, not cropped from the
// 9:16: each format's layout is worked out in its own design frame with its own safe zone
// (geometry.ts `designFrames`), 16:9 sets the picture beside the text, and every layout passes the
// same gate (text inside the format's safe zone, off the product, large enough) with the product's
// key area at least half the safe zone's height in the median scene.
import { describe, expect, it } from 'vitest';
import type { CaptionTrack } from '#generation/compose/captions.ts';
import { captionTrack } from '#generation/compose/captions.ts';
import {
  type Box,
  bottom,
  contains,
  designFrames,
  frameGeometry,
  overlaps,
  right,
  scaleBox,
} from '#generation/compose/geometry.ts';
import {
  type AdLayout,
  type CaptionBandLayout,
  type ImageFacts,
  keyAreaShare,
  layoutStoryboard,
} from '#generation/compose/layout.ts';
import { checkLayout } from '#generation/compose/layout-gate.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { adFormats } from '#shared/ad-formats.ts';
import { styles } from '#shared/contract.ts';
import { northwindStoryboard } from '#tests/integration/support/ad-fixtures.ts';
import { evenlyRead } from '#tests/unit/support/evenly-read.ts';

const coffee: ImageFacts = { width: 600, height: 400, opaque: true, focus: { x: 0.47, y: 0.41 } };
const square: ImageFacts = { width: 900, height: 900, opaque: true };
const unmeasured = () => null;

/** The layout the renderer would draw: the designed one, or the safe look when the designed one is refused. */
function renderedLayout(board: Storyboard, photo: ImageFacts, format: { width: number; height: number }) {
  const images = new Map([['upload', photo]]);
  for (const safe of [false, true]) {
    const layout = layoutStoryboard(board, images, { safe, frame: format });
    const bands = new Map<number, CaptionBandLayout>();
    for (const scene of layout.scenes) if (scene.captions) bands.set(scene.index, scene.captions);
    const endCard = layout.scenes.find((scene) => scene.endCard);
    const captions: CaptionTrack = captionTrack(
      evenlyRead(board),
      bands,
      endCard ? endCard.startFrame / layout.frame.fps : board.durationSeconds,
    );
    const gate = checkLayout(layout, captions, unmeasured);
    if (gate.problems.length === 0 || safe) return { layout, gate };
  }
  throw new Error('unreachable');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const textBoxesOf = (scene: AdLayout['scenes'][number]): Box[] => [
  ...scene.texts.map((block) => block.box),
  ...(scene.captions ? [scene.captions.band] : []),
  ...(scene.brandMark ? [scene.brandMark.box] : []),
];

describe('the delivery formats, composed from one storyboard', () => {
  it('gives each format its own design frame and safe zone, scaled to its size', () => {
    for (const format of adFormats) {
      // Act
      const geometry = frameGeometry(format);

      // Assess
      const design = designFrames[format.ratio];
      expect(geometry.design).toBe(design);
      expect(geometry.width / geometry.scale).toBeCloseTo(design.width, 6);
      expect(geometry.height / geometry.scale).toBeCloseTo(design.height, 6);
      expect(geometry.safeZone).toEqual(scaleBox(design.safeZone, geometry.scale));
      expect(contains({ x: 0, y: 0, width: format.width, height: format.height }, geometry.safeZone)).toBe(true);
    }
    // 16:9 keeps the bottom 15 % free for the player's controls; 4:5 and 1:1 a 6 % margin all round.
    const landscape = frameGeometry({ width: 1920, height: 1080 });
    expect(1080 - bottom(landscape.safeZone)).toBeCloseTo(1080 * 0.15, 0);
    const square1080 = frameGeometry({ width: 1080, height: 1080 });
    expect(square1080.safeZone.x).toBeCloseTo(1080 * 0.06, 0);
    expect(1080 - right(square1080.safeZone)).toBeCloseTo(1080 * 0.06, 0);
  });

  it("keeps the designed look at 16:9 when a two-line headline needs a third line in the text's column", async () => {
    // Prepare: direct-response's Black capitals, "Small-batch coffee, roasted the day it ships".
    const board = await northwindStoryboard('direct-response', 12, 'uploads/northwind.jpg');

    // Act
    const layout = layoutStoryboard(board, new Map([['upload', coffee]]), {
      safe: false,
      frame: { width: 1920, height: 1080 },
    });

    // Assess: every headline placed in its column (three lines at most), none refused.
    expect(layout.problems).toEqual([]);
    const headlines = layout.scenes.flatMap((scene) => scene.texts.filter((block) => block.role === 'headline'));
    expect(headlines.some((block) => block.lines.length === 3)).toBe(true);
    for (const block of headlines) expect(right(block.box)).toBeLessThanOrEqual(right(layout.frame.safeZone) * 0.5);
  });

  const cases = styles.flatMap((style) =>
    adFormats
      .filter((format) => format.ratio !== '9:16')
      .flatMap((format) => (['coffee', 'square'] as const).map((photo) => [style, format.id, photo] as const)),
  );
  it.each(cases)(
    'lays a %s 12 s ad out for %s with the %s photo: through the gate, key area at least half the safe zone',
    async (style, id, photo) => {
      // Prepare
      const format = adFormats.find((candidate) => candidate.id === id)!;
      const board = await northwindStoryboard(style, 12, 'uploads/northwind.jpg');

      // Act
      const { layout, gate } = renderedLayout(board, photo === 'coffee' ? coffee : square, format);

      // Assess: the format's own frame and safe zone, nothing refused, nothing outside it or over the product.
      expect(layout.frame.width).toBe(format.width);
      expect(layout.frame.height).toBe(format.height);
      expect(gate.problems).toEqual([]);
      const zone = layout.frame.safeZone;
      const story = layout.scenes.filter((scene) => !scene.endCard);
      for (const scene of layout.scenes) {
        for (const box of textBoxesOf(scene)) expect(contains(zone, box)).toBe(true);
        for (const shot of scene.shots) {
          if (!shot.product) continue;
          for (const box of textBoxesOf(scene)) expect(overlaps(box, shot.product.envelope)).toBe(false);
        }
      }
      const shares = story.map((scene) =>
        median(scene.shots.flatMap((shot) => (shot.product ? [shot.product.keyArea.height / zone.height] : []))),
      );
      expect(median(shares)).toBeGreaterThanOrEqual(keyAreaShare);
      // 16:9 sets the picture beside the text (its own layout); the taller ones stack the text over it.
      for (const scene of story) {
        for (const shot of scene.shots.filter((candidate) => candidate.design === 'cover')) {
          for (const block of scene.texts) {
            if (format.ratio === '16:9') expect(right(block.box)).toBeLessThanOrEqual(shot.product!.envelope.x);
            else expect(bottom(block.box)).toBeLessThanOrEqual(shot.product!.envelope.y);
          }
        }
      }
    },
  );
});
