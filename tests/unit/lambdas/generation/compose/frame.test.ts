// The frame is a parameter (lambdas/generation/compose/geometry.ts `frameGeometry`): the same
// storyboard laid out at 1080x1920 — what Meta and Google recommend — keeps every text, caption
// band and brand mark inside that frame's safe zones and off the product, at sizes no smaller than
// the gate's minimums scaled to the frame, and the plates, the zoompan and the encoder follow it.
import { describe, expect, it } from 'vitest';
import type { CaptionTrack } from '#generation/compose/captions.ts';
import { captionTrack } from '#generation/compose/captions.ts';
import { buildComposeCommand } from '#generation/compose/filter-graph.ts';
import { type Box, bottom, contains, frameGeometry, overlaps, right } from '#generation/compose/geometry.ts';
import { type AdLayout, type ImageFacts, layoutStoryboard } from '#generation/compose/layout.ts';
import { checkLayout, minSizeFor } from '#generation/compose/layout-gate.ts';
import { composePlate } from '#generation/compose/plates.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { adDurations, styles } from '#shared/contract.ts';
import { northwindStoryboard } from '#tests/integration/support/ad-fixtures.ts';
import { evenlyRead } from '#tests/unit/support/evenly-read.ts';

const large = { width: 1080, height: 1920 };
/** The fixture's square photo, and coffee.png's shape with its subject where sharp's attention finds it. */
const square: ImageFacts = { width: 900, height: 900, opaque: true };
const coffee: ImageFacts = { width: 600, height: 400, opaque: true, focus: { x: 0.47, y: 0.41 } };
const logo: ImageFacts = { width: 300, height: 120, opaque: false };
const noCaptions: CaptionTrack = { groups: [], states: [], problems: [] };

function withLogo(storyboard: Storyboard): Storyboard {
  const board = structuredClone(storyboard);
  board.assets.push({ id: 'logo', source: 'logo', url: 'https://northwind.coffee/logo.png' });
  return board;
}

/** Every box of text a scene draws, with its weight and the sizes it is drawn at. */
function textsOf(scene: AdLayout['scenes'][number]): { label: string; box: Box; weight: number; sizes: number[] }[] {
  return [
    ...scene.texts.map((block) => ({
      label: block.role,
      box: block.box,
      weight: block.spec.weight,
      sizes: [block.size],
    })),
    ...(scene.captions
      ? [
          {
            label: 'caption band',
            box: scene.captions.band,
            weight: scene.captions.spec.weight,
            sizes: [scene.captions.spec.minSize],
          },
        ]
      : []),
    ...(scene.brandMark
      ? [
          {
            label: `brand ${scene.brandMark.kind}`,
            box: scene.brandMark.box,
            weight: scene.brandMark.wordmark?.spec.weight ?? 800,
            sizes: scene.brandMark.wordmark ? [scene.brandMark.wordmark.size] : [],
          },
        ]
      : []),
  ];
}

describe('the frame', () => {
  it("has 1080x1920's safe zone as the same shares as 720x1280's: top 14 %, bottom 35 %, sides 6 %", () => {
    // Act
    const geometry = frameGeometry(large);

    // Assess
    expect(geometry.scale).toBe(1.5);
    const zone = geometry.safeZone;
    expect(Math.abs(zone.y - 0.14 * large.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(large.height - bottom(zone) - 0.35 * large.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(zone.x - 0.06 * large.width)).toBeLessThanOrEqual(1);
    // TikTok's column on the right: 128 px at 720 wide, 192 px at 1080.
    expect(large.width - right(zone)).toBe(192);
  });

  it('refuses a frame of no delivery ratio, with odd sides or too large, saying which sizes it takes', () => {
    for (const size of [
      { width: 1080, height: 1200 },
      { width: 1081, height: 1922 },
      { width: 5000, height: 8889 },
    ]) {
      expect(() => frameGeometry(size)).toThrow(/^frame must be|^frame sides must be/);
    }
  });

  const cases = styles.flatMap((style) =>
    adDurations.flatMap((duration) =>
      (['square', 'coffee', 'logo'] as const).map((picture) => [style, duration, picture] as const),
    ),
  );
  it.each(cases)(
    'lays out the %s %i s fixture storyboard (%s) at 1080x1920: every text, caption band and brand mark inside the safe zone, off the key area, at the scaled minimum sizes',
    async (style, duration, picture) => {
      // Prepare: the storyboard as the template writer writes it.
      const written = await northwindStoryboard(style, duration, 'uploads/northwind.jpg');
      const board = picture === 'logo' ? withLogo(written) : written;
      const images = new Map(
        Object.entries(
          picture === 'logo' ? { upload: square, logo } : { upload: picture === 'square' ? square : coffee },
        ),
      );

      // Act
      const layout = layoutStoryboard(board, images, { safe: false, frame: large });
      const captions = captionTrack(
        evenlyRead(board),
        new Map(layout.scenes.flatMap((scene) => (scene.captions ? [[scene.index, scene.captions] as const] : []))),
        board.durationSeconds,
      );

      // Assess
      expect(layout.frame).toMatchObject({ width: 1080, height: 1920, scale: 1.5 });
      const zone = layout.frame.safeZone;
      const whole = { x: 0, y: 0, width: 1080, height: 1920 };
      for (const scene of layout.scenes) {
        for (const text of textsOf(scene)) {
          const where = `scene ${scene.index + 1} ${text.label}`;
          expect(contains(zone, text.box), `${where} inside the safe zone`).toBe(true);
          for (const shot of scene.shots) {
            if (shot.product)
              expect(overlaps(text.box, shot.product.envelope), `${where} off the key area`).toBe(false);
          }
          for (const size of text.sizes) {
            expect(size, `${where} size`).toBeGreaterThanOrEqual(minSizeFor(text.weight as 300) * 1.5);
          }
        }
        for (const shot of scene.shots) {
          // A photo covers the 1080x1920 frame; its key area is in the safe zone.
          if (shot.design === 'cover') {
            expect(contains(shot.product!.box, whole)).toBe(true);
            expect(contains(zone, shot.product!.keyArea)).toBe(true);
          }
        }
      }
      for (const group of captions.groups) {
        const spec = layout.scenes[group.sceneIndex]!.captions!.spec;
        expect(group.size).toBeGreaterThanOrEqual(minSizeFor(spec.weight) * 1.5);
      }
      expect(captions.problems).toEqual([]);
      const gate = checkLayout(layout, captions, () => null);
      expect(gate.problems).toEqual([]);
      expect(gate.outsideSafeZone).toBe(0);
      expect(gate.overProduct).toBe(0);
    },
  );

  it('lays the same design out at both sizes: every box at 1080x1920 is the 720x1280 box 1.5 times', async () => {
    // Prepare
    const board = await northwindStoryboard('direct-response', 8, 'uploads/northwind.jpg');
    const images = new Map([['upload', coffee]]);

    // Act
    const small = layoutStoryboard(board, images, { safe: false });
    const big = layoutStoryboard(board, images, { safe: false, frame: large });

    // Assess
    expect(small.frame).toMatchObject({ width: 720, height: 1280, scale: 1 });
    expect(big.scenes.map((scene) => scene.texts.map((block) => block.lines))).toEqual(
      small.scenes.map((scene) => scene.texts.map((block) => block.lines)),
    );
    const times = (box: Box) => ({ x: box.x * 1.5, y: box.y * 1.5, width: box.width * 1.5, height: box.height * 1.5 });
    for (const [index, scene] of big.scenes.entries()) {
      const before = small.scenes[index]!;
      expect(scene.texts.map((block) => block.box)).toEqual(before.texts.map((block) => times(block.box)));
      expect(scene.texts.map((block) => block.size)).toEqual(before.texts.map((block) => block.size * 1.5));
      expect(scene.captions?.band ?? null).toEqual(before.captions ? times(before.captions.band) : null);
      expect(scene.brandMark?.box ?? null).toEqual(before.brandMark ? times(before.brandMark.box) : null);
      expect(scene.shots.map((shot) => shot.product?.keyArea ?? null)).toEqual(
        before.shots.map((shot) => shot.product?.keyArea ?? null).map((box) => box && times(box)),
      );
    }
  });

  it('refuses text at 1080x1920 that would pass at 720x1280: 50 px regular is under 44 px × 1.5', async () => {
    // Prepare: a layout whose headline is drawn at 50 px (enough at 720 wide, not at 1080).
    const board = await northwindStoryboard('cinematic', 4, 'uploads/northwind.jpg');
    const layout = layoutStoryboard(board, new Map([['upload', square]]), { safe: false, frame: large });
    const scene = layout.scenes[0]!;
    const headline = scene.texts.find((block) => block.role === 'headline')!;
    expect(headline.spec.weight).toBeLessThan(600);
    headline.size = 50;

    // Act
    const gate = checkLayout(layout, noCaptions, () => null);

    // Assess
    const text = headline.lines.map((line) => line.map((word) => word.text).join(' ')).join(' / ');
    expect(gate.problems).toEqual([`scene 1 headline "${text}" is 50 px, under 66 px`]);
  });

  it('draws plates 1080 px wide (as at 720x1280, where they are 1.5 × the frame) and moves and encodes them at 1080x1920', async () => {
    // Prepare
    const board = await northwindStoryboard('ugc', 4, 'uploads/northwind.jpg');
    const layout = layoutStoryboard(board, new Map([['upload', square]]), { safe: false, frame: large });
    const shots = layout.scenes.flatMap((scene) => scene.shots);

    // Act
    const plate = await composePlate(layout, shots[0]!, undefined);
    const args = buildComposeCommand({
      layout,
      platePaths: shots.map((_, index) => `/work/plate-${index}.png`),
      sweepPaths: shots.map(() => '/work/sweep-light.png'),
      textLayers: [],
      captions: null,
      soundtrackPath: '/work/soundtrack.wav',
      outPath: '/work/ad.mp4',
    });

    // Assess
    expect(layout.frame.plateScale).toBe(1);
    expect(plate.size).toEqual({ width: 1080, height: 1920 });
    expect(plate.rgb.length).toBe(1080 * 1920 * 3);
    expect(frameGeometry().plateScale).toBe(1.5);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    const zoompans = graph.match(/zoompan=[^[]*/g) ?? [];
    expect(zoompans.length).toBe(shots.length);
    for (const zoompan of zoompans) {
      expect(zoompan).toContain('1080x1920');
      // The window's place on the plate: plate px per frame px (1 here) times the frame px.
      expect(zoompan).toMatch(/:x=\\'1\*\(/);
    }
    expect(graph).not.toContain('720x1280');
    // The sweep crosses the 1080 px frame: its band (840 px here) centred on each edge in turn.
    expect(graph).toContain('1080*min(1\\,t/');
    expect(graph).toContain("-420\\':y=0");
    expect(graph).toContain('660-1080*min(1');
  }, 60_000);
});
