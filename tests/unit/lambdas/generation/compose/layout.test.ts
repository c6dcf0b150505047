// The layout and its gate (lambdas/generation/compose): for every style and length, text stays in
// the safe zones and off the product wherever the camera carries it; a layout that breaks a rule
// (caption over the product, text in a platform's UI zone, too small, too little contrast) is refused.
import { describe, expect, it } from 'vitest';
import type { CaptionTrack } from '#generation/compose/captions.ts';
import { contains, frameGeometry, overlaps, safeZone } from '#generation/compose/geometry.ts';
import { type AdLayout, type ImageFacts, layoutStoryboard } from '#generation/compose/layout.ts';
import { checkLayout, minSizeFor } from '#generation/compose/layout-gate.ts';
import { placeBlock, stickerTiltDeg } from '#generation/compose/text-blocks.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { type AdDuration, styles } from '#shared/contract.ts';
import {
  handWrittenStoryboard,
  withoutImages,
  withSiteView,
} from '#tests/integration/support/hand-written-storyboards.ts';

const durations: AdDuration[] = [4, 8, 12];
const noCaptions: CaptionTrack = { groups: [], states: [], problems: [] };
const unmeasured = () => null;

const photos: Record<string, ImageFacts> = {
  square: { width: 900, height: 900, opaque: true },
  landscape: { width: 1600, height: 900, opaque: true },
  portrait: { width: 900, height: 1600, opaque: true },
  logo: { width: 400, height: 160, opaque: false },
};

function layoutOf(storyboard: Storyboard, photo: ImageFacts | null, safe = false): AdLayout {
  return layoutStoryboard(storyboard, new Map(photo ? [['upload', photo]] : []), { safe });
}

describe('the compose layout', () => {
  const cases = styles.flatMap((style) =>
    durations.flatMap((duration) => Object.keys(photos).map((photo) => [style, duration, photo] as const)),
  );

  it.each(cases)(
    'places a %s %i s ad with a %s image inside the safe zone and off the product',
    (style, duration, photo) => {
      // Prepare
      const layout = layoutOf(handWrittenStoryboard(style, duration), photos[photo]!);

      // Act
      const gate = checkLayout(layout, noCaptions, unmeasured);

      // Assess
      expect(gate.problems).toEqual([]);
      for (const scene of layout.scenes) {
        const boxes = [...scene.texts.map((block) => block.box), ...(scene.captions ? [scene.captions.band] : [])];
        for (const box of boxes) {
          expect(contains(safeZone, box)).toBe(true);
          for (const shot of scene.shots) if (shot.product) expect(overlaps(box, shot.product.envelope)).toBe(false);
        }
        for (const block of scene.texts) expect(block.size).toBeGreaterThanOrEqual(minSizeFor(block.spec.weight));
      }
    },
  );

  it.each(styles)('keeps a %s product whole: its box has the photo’s shape and the end card shows it', (style) => {
    // Prepare
    const layout = layoutOf(handWrittenStoryboard(style, 12), photos.landscape!);

    // Act
    const shots = layout.scenes.flatMap((scene) => scene.shots);

    // Assess
    for (const shot of shots) {
      expect(shot.product).not.toBeNull();
      expect(shot.product!.box.width / shot.product!.box.height).toBeCloseTo(1600 / 900, 3);
    }
    const endCard = layout.scenes.at(-1)!;
    expect(endCard.endCard).toBe(true);
    const cta = endCard.texts.find((block) => block.role === 'end-cta')!;
    expect(endCard.shots[0]!.product!.box.y + endCard.shots[0]!.product!.box.height).toBeLessThanOrEqual(cta.box.y);
    expect(cta.box.y + cta.box.height).toBeLessThanOrEqual(safeZone.y + safeZone.height);
  });

  it.each(styles)('lays out a %s ad without any image on the brand background', (style) => {
    // Prepare
    const board = withoutImages(handWrittenStoryboard(style, 8));

    // Act
    const layout = layoutOf(board, null);

    // Assess
    expect(checkLayout(layout, noCaptions, unmeasured).problems).toEqual([]);
    expect(layout.scenes.flatMap((scene) => scene.shots).every((shot) => shot.product === null)).toBe(true);
  });

  it('refuses a layout that puts a caption over the product', () => {
    // Prepare
    const layout = layoutOf(handWrittenStoryboard('ugc', 8), photos.square!);
    const scene = layout.scenes[1]!;
    const product = scene.shots[0]!.product!.box;
    scene.captions = { ...scene.captions!, band: { ...scene.captions!.band, y: product.y + product.height / 2 - 20 } };
    const captions: CaptionTrack = {
      groups: [{ sceneIndex: 1, words: ['So', 'fresh'], size: 54, width: 300, height: 80 }],
      states: [],
      problems: [],
    };

    // Act
    const gate = checkLayout(layout, captions, unmeasured);

    // Assess
    expect(gate.passed).toBe(false);
    expect(gate.overProduct).toBe(1);
    expect(gate.problems).toContain('scene 2 caption band covers the product');
  });

  it('refuses text in the bottom 35 % where the platform draws its own interface', () => {
    // Prepare
    const layout = layoutOf(handWrittenStoryboard('direct-response', 12), photos.square!);
    const headline = layout.scenes[0]!.texts[0]!;
    headline.box = { ...headline.box, y: 1000 };

    // Act
    const gate = checkLayout(layout, noCaptions, unmeasured);

    // Assess
    expect(gate.outsideSafeZone).toBe(1);
    expect(gate.problems.some((problem) => problem.includes('leaves the safe zone'))).toBe(true);
  });

  it('refuses white text on a plate whose brightest pixel behind it is white', () => {
    // Prepare: cinematic headlines sit on the plate itself, so the plate's pixels decide.
    const layout = layoutOf(handWrittenStoryboard('cinematic', 8), photos.square!);
    const brightPlate = () => ({ darkest: 0.02, brightest: 1 });

    // Act
    const gate = checkLayout(layout, noCaptions, brightPlate);

    // Assess
    expect(gate.passed).toBe(false);
    expect(gate.minContrast).toBeLessThan(4.5);
    expect(gate.problems.some((problem) => /headline .* has contrast 1\.00:1/.test(problem))).toBe(true);
  });

  it('measures boxed text against its box, not the plate', () => {
    // Prepare: direct-response headlines are boxed; a box the same colour as its text is unreadable.
    const layout = layoutOf(handWrittenStoryboard('direct-response', 8), photos.square!);
    const headline = layout.scenes[0]!.texts.find((block) => block.role === 'headline')!;
    const brightPlate = () => ({ darkest: 1, brightest: 1 });
    const headlineProblems = (problems: string[]) =>
      problems.filter((problem) => problem.startsWith('scene 1 headline'));
    expect(headlineProblems(checkLayout(layout, noCaptions, brightPlate).problems)).toEqual([]);
    headline.backing = { kind: 'box', fill: headline.ink, radius: 4, perLine: true };

    // Act
    const gate = checkLayout(layout, noCaptions, brightPlate);

    // Assess
    expect(headlineProblems(gate.problems).some((problem) => problem.includes('has contrast 1.00:1'))).toBe(true);
  });

  it('refuses caption type under 35 px bold', () => {
    // Prepare
    const layout = layoutOf(handWrittenStoryboard('ugc', 4), photos.square!);
    const captions: CaptionTrack = {
      groups: [{ sceneIndex: 0, words: ['tiny'], size: 30, width: 120, height: 40 }],
      states: [],
      problems: [],
    };

    // Act
    const gate = checkLayout(layout, captions, unmeasured);

    // Assess
    expect(gate.problems).toContain('scene 1 caption band is 30 px, under 35 px');
  });

  it('reports text too long for its region instead of drawing it off the frame', () => {
    // Prepare: the widest letters at the schema's limit, where a 32-character line cannot fit at 35 px.
    const board = structuredClone(handWrittenStoryboard('direct-response', 8));
    board.scenes[1]!.text = ['W'.repeat(32), 'M'.repeat(32)];
    delete board.scenes[1]!.emphasis;

    // Act
    const layout = layoutOf(board, photos.square!);

    // Assess
    expect(layout.problems.some((problem) => problem.startsWith('headline "WWW'))).toBe(true);
    expect(checkLayout(layout, noCaptions, unmeasured).passed).toBe(false);
  });

  it('gives the safe layout opaque boxes behind every text', () => {
    // Act
    const layout = layoutOf(handWrittenStoryboard('cinematic', 12), photos.square!, true);

    // Assess
    expect(checkLayout(layout, noCaptions, () => ({ darkest: 0, brightest: 1 })).problems).toEqual([]);
    for (const scene of layout.scenes) {
      for (const block of scene.texts.filter((text) => text.role !== 'end-cta')) expect(block.backing.kind).toBe('box');
      if (scene.captions) expect(scene.captions.backing.kind).toBe('box');
    }
  });
});

describe('UGC captions', () => {
  it("are the feed's own: black words on white boxes, the word being said on the accent", () => {
    // Act
    const layout = layoutOf(handWrittenStoryboard('ugc', 12), photos.square!);

    // Assess
    for (const scene of layout.scenes.filter((each) => each.captions)) {
      expect(scene.captions!.backing).toMatchObject({ kind: 'box', fill: '#ffffff', perLine: true });
      expect(scene.captions!.ink).toBe(layout.scheme.boxInk);
      expect(scene.captions!.activeFill).toBe(layout.scheme.emphasisFill);
    }
  });
});

describe('the site view (site-scroll shots)', () => {
  const cases = ([8, 12] as const).flatMap((duration) =>
    [
      { width: 720, height: 1280 },
      { width: 1080, height: 1920 },
    ].map((size) => [duration, size] as const),
  );

  it.each(cases)(
    'keeps a %i s UGC ad that scrolls the shop at %o inside the safe zone, scrolling up the page and never past it',
    (duration, size) => {
      // Prepare
      const storyboard = withSiteView(handWrittenStoryboard('ugc', duration));
      const frame = frameGeometry(size);

      // Act
      const layout = layoutStoryboard(storyboard, new Map([['upload', photos.square!]]), { safe: false, frame: size });
      const gate = checkLayout(layout, noCaptions, unmeasured);

      // Assess
      expect(gate.problems).toEqual([]);
      const scene = layout.scenes[1]!;
      expect(scene.shots.map((shot) => shot.design)).toEqual(['site', 'site']);
      for (const block of [...scene.texts.map((text) => text.box), scene.captions!.band]) {
        expect(contains(frame.safeZone, block)).toBe(true);
      }
      // One scroll over the scene's shots: each continues where the one before stopped, up to the page's end.
      const [first, second] = scene.shots.map((shot) => shot.move.shift);
      const pageHeight = scene.shots[0]!.site!.pageHeight;
      expect(pageHeight).toBeGreaterThan(frame.height);
      expect(first![0][1]).toBeCloseTo(0, 6);
      expect(first![1][1]).toBeLessThan(0);
      expect(second![0][1]).toBeCloseTo(first![1][1], 6);
      expect(second![1][1]).toBeCloseTo(frame.height - pageHeight, 6);
    },
  );
});

describe('fitting a block to its room', () => {
  it('fits in every room at least as tall as the least room it fits in (a tilted sticker of two boxed lines)', () => {
    // Prepare: UGC's tilted sticker headline, one box per line, at heights a pixel apart.
    const spec = styleDefinition('ugc').look.type.headline;
    const place = (height: number) =>
      placeBlock({
        role: 'headline',
        text: 'Certificate of authenticity for every coin',
        lines: ['Certificate of', 'authenticity for every coin'],
        spec,
        colours: {
          ink: '#000000',
          emphasisInk: '#000000',
          backing: { kind: 'box', fill: '#ffffff', radius: 4, perLine: true },
        },
        area: { x: 43, y: 245, width: 549, height },
        align: 'center',
        rotateDeg: stickerTiltDeg,
      });

    // Act
    const fits = Array.from({ length: 61 }, (_, step) => 110 + step).map((height) => ({
      height,
      placed: place(height),
    }));

    // Assess: once it fits, it fits in every taller room, never taller than the room.
    const least = fits.find(({ placed }) => 'block' in placed)!;
    expect(least.height).toBeLessThan(150);
    for (const { height, placed } of fits.filter(({ height }) => height >= least.height)) {
      expect('block' in placed, `room ${height} px`).toBe(true);
      if ('block' in placed) expect(placed.block.box.height).toBeLessThanOrEqual(height + 0.5);
    }
  });
});

describe("the product's key area beside text at its least size", () => {
  // The coin shop's and the cat-treat shop's UGC beats (local/demo-shops): two-line stickers that
  // take the type to its least size, over a photo that fills the frame, under a hand-held camera.
  const beats = [
    ['3 things I found at Picky Paws'],
    ['Greek Silver Coin Set', '(8 coins) — $4,200'],
    ['Insured shipping,', 'signature on delivery'],
    ['2. Single ingredient,', 'high protein'],
  ];

  it.each(durations)('UGC, %i s: keeps half the safe zone’s height for the product in every scene', (duration) => {
    // Prepare
    const written = handWrittenStoryboard('ugc', duration);
    const storyboard: Storyboard = {
      ...written,
      scenes: written.scenes.map(({ callout: _callout, phoneElement: _phone, ...scene }, index) =>
        scene.role === 'cta'
          ? scene
          : {
              ...scene,
              text: beats[index % beats.length]!,
              shots: scene.shots.map((shot) => ({
                ...shot,
                framing: 'product-hero' as const,
                motion: 'handheld' as const,
              })),
            },
      ),
    };

    // Act
    const layout = layoutOf(storyboard, photos.landscape!);

    // Assess
    expect(layout.problems).toEqual([]);
    expect(checkLayout(layout, noCaptions, unmeasured).problems).toEqual([]);
    const covers = layout.scenes
      .filter((scene) => !scene.endCard)
      .flatMap((scene) => scene.shots.filter((shot) => shot.design === 'cover' && shot.product));
    expect(covers.length).toBeGreaterThan(0);
    for (const shot of covers) {
      expect(shot.product!.keyArea.height / safeZone.height).toBeGreaterThanOrEqual(0.5);
      // The camera still sways: the move carries the key area beyond where it rests.
      expect(shot.product!.envelope.height).toBeGreaterThan(shot.product!.keyArea.height);
    }
  });
});
