// What a marketer sees first (lambdas/generation/compose): the hook's text and the brand on the
// first frames, the product's key area large and never under text, cuts between framings of one
// photo, every photo used before one repeats, no empty placeholder and the brand's own colour.
// Pure on the layout and the compositor's command, except one drawn plate.

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rgbOf } from '#generation/compose/color.ts';
import { buildComposeCommand, dissolvesIn } from '#generation/compose/filter-graph.ts';
import { type Box, contains, frame, overlaps, safeZone } from '#generation/compose/geometry.ts';
import { keyPointOf } from '#generation/compose/key-area.ts';
import {
  type AdLayout,
  captionNumber,
  type ImageFacts,
  keyAreaShare,
  layoutStoryboard,
} from '#generation/compose/layout.ts';
import { checkLayout } from '#generation/compose/layout-gate.ts';
import { plateScale } from '#generation/compose/motion.ts';
import { composePlate } from '#generation/compose/plates.ts';
import { schemeFor } from '#generation/compose/scheme.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { type AdDuration, styles } from '#shared/contract.ts';
import { northwindStoryboard } from '#tests/integration/support/ad-fixtures.ts';
import { handWrittenStoryboard, withoutImages } from '#tests/integration/support/hand-written-storyboards.ts';

const noCaptions = { groups: [], states: [], problems: [] };
/** The fixture's square photo, and coffee.png's shape (600x400) with its subject where sharp's attention finds it. */
const square: ImageFacts = { width: 900, height: 900, opaque: true };
const coffee: ImageFacts = { width: 600, height: 400, opaque: true, focus: { x: 0.47, y: 0.41 } };
const logo: ImageFacts = { width: 300, height: 120, opaque: false };

const layoutOf = (storyboard: Storyboard, images: Record<string, ImageFacts>, safe = false) =>
  layoutStoryboard(storyboard, new Map(Object.entries(images)), { safe });

function withLogo(storyboard: Storyboard): Storyboard {
  const board = structuredClone(storyboard);
  board.assets.push({ id: 'logo', source: 'logo', url: 'https://northwind.coffee/logo.png' });
  return board;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Every box of text a scene draws: its blocks, its caption band and a wordmark. */
const textBoxesOf = (scene: AdLayout['scenes'][number]): Box[] => [
  ...scene.texts.map((block) => block.box),
  ...(scene.captions ? [scene.captions.band] : []),
  ...(scene.brandMark ? [scene.brandMark.box] : []),
];

function commandOf(layout: AdLayout) {
  const shots = layout.scenes.flatMap((scene) => scene.shots);
  const textLayers = layout.scenes.flatMap((scene) =>
    scene.texts.map((block, index) => ({
      path: `/work/text-${scene.index}-${index}.png`,
      block,
      sceneIndex: scene.index,
      startFrame: scene.startFrame,
      endFrame: scene.endFrame,
    })),
  );
  const args = buildComposeCommand({
    layout,
    platePaths: shots.map((_, index) => `/work/plate-${index}.png`),
    sweepPaths: shots.map(() => null),
    textLayers,
    captions: null,
    soundtrackPath: '/work/soundtrack.wav',
    outPath: '/work/ad.mp4',
  });
  const inputs = args.flatMap((arg, index) => (args[index - 1] === '-i' ? [arg] : []));
  const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
  return { inputs, statements: graph.split(';\n'), textLayers };
}

describe('the first frames', () => {
  it.each(styles)("shows the %s hook's text whole on frame 0: no fade from transparent, no offset", (style) => {
    // Prepare
    const layout = layoutOf(handWrittenStoryboard(style, 8), { upload: square });

    // Act
    const { inputs, statements, textLayers } = commandOf(layout);

    // Assess: the hook has text, and each of its layers is drawn as is from the ad's first frame.
    const hookLayers = textLayers.filter((layer) => layer.startFrame === 0);
    expect(hookLayers.length).toBeGreaterThan(0);
    for (const layer of hookLayers) {
      const input = inputs.indexOf(layer.path);
      const prepared = statements.find((statement) => statement.startsWith(`[${input}:v]`))!;
      expect(prepared).not.toContain('fade=t=in');
      const overlay = statements.find((statement) => statement.includes(`[text${textLayers.indexOf(layer)}]overlay`))!;
      const y = /:y=([^:]*):/.exec(overlay)![1]!.replaceAll(/[\\']/g, '');
      expect(y).toBe(String(Math.round(layer.block.box.y)));
    }
  });

  const brandCases = styles.flatMap((style) => [[style, 'logo'] as const, [style, 'wordmark'] as const]);
  it.each(brandCases)(
    'puts the %s brand mark (%s) on every story scene from frame 0 but one whose phone element takes its row, small, in the safe zone and off the key area',
    (style, kind) => {
      // Prepare: with a logo asset the mark is the logo, else the brand's name.
      const board = kind === 'logo' ? withLogo(handWrittenStoryboard(style, 12)) : handWrittenStoryboard(style, 12);
      const images: Record<string, ImageFacts> = kind === 'logo' ? { upload: square, logo } : { upload: square };

      // Act
      const layout = layoutOf(board, images);

      // Assess
      const first = layout.scenes.find((scene) => scene.brandMark)!;
      expect(first.startFrame / frame.fps).toBeLessThanOrEqual(2);
      expect(layout.scenes[0]!.brandMark).not.toBeNull();
      for (const scene of layout.scenes.filter((candidate) => !candidate.endCard)) {
        if (scene.index > 0 && board.scenes[scene.index]!.phoneElement) {
          expect(scene.brandMark).toBeNull();
          continue;
        }
        const mark = scene.brandMark!;
        expect(mark.kind).toBe(kind);
        expect(contains(safeZone, mark.box)).toBe(true);
        expect(mark.box.height).toBeLessThanOrEqual(0.1 * safeZone.height);
        for (const shot of scene.shots) if (shot.product) expect(overlaps(mark.box, shot.product.envelope)).toBe(false);
        for (const block of scene.texts) expect(overlaps(mark.box, block.box)).toBe(false);
      }
      expect(checkLayout(layout, noCaptions, () => null).problems).toEqual([]);
    },
  );

  it.each(styles)(
    'shows the brand’s name once on a %s hook that reveals it without a logo: its headline is the mark, no wordmark over it',
    (style) => {
      // Prepare: a name reveal (the name alone, or over what is sold) on a site without a logo
      const board = structuredClone(handWrittenStoryboard(style, 12));
      const reveals = [[board.brand.name], [board.brand.name, 'House Blend']];

      for (const text of reveals) {
        board.scenes[0]!.text = text;
        delete board.scenes[0]!.emphasis;

        // Act
        const layout = layoutOf(board, { upload: square });
        const withMark = layoutOf(withLogo(board), { upload: square, logo });

        // Assess: the name is drawn by the headline alone; the next scene's wordmark is there; a logo stays
        const [hook, next] = layout.scenes;
        expect(hook!.brandMark, text.join(' / ')).toBeNull();
        expect(hook!.texts.some((block) => block.lines.flat().some((word) => word.text.length > 0))).toBe(true);
        expect(next!.brandMark?.kind).toBe('wordmark');
        expect(withMark.scenes[0]!.brandMark?.kind).toBe('logo');
        expect(checkLayout(layout, noCaptions, () => null).problems).toEqual([]);
      }
    },
  );
});

describe('the product', () => {
  it.each([
    ['a landscape', 0],
    ['a portrait', 90],
  ] as const)("finds %s photo's subject with sharp's attention strategy", async (_, degrees) => {
    // Prepare: a red disc (the subject) on flat grey, off centre, at (675, 180) of 900x600.
    const width = 900;
    const height = 600;
    const rgb = Buffer.alloc(width * height * 3, 150);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if ((x - 675) ** 2 + (y - 180) ** 2 >= 90 ** 2) continue;
        rgb.set([224, 32, 32], (y * width + x) * 3);
      }
    }
    const photo = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .rotate(degrees)
      .png()
      .toBuffer();
    const { width: photoWidth, height: photoHeight } = await sharp(photo).metadata();

    // Act
    const point = await keyPointOf(photo, photoWidth!, photoHeight!);

    // Assess: the point is on the disc (turned with the photo).
    const disc = degrees === 0 ? { x: 675 / 900, y: 180 / 600 } : { x: (600 - 180) / 600, y: 675 / 900 };
    const radius = degrees === 0 ? { x: 90 / 900, y: 90 / 600 } : { x: 90 / 600, y: 90 / 900 };
    expect(Math.abs(point.x - disc.x)).toBeLessThan(radius.x);
    expect(Math.abs(point.y - disc.y)).toBeLessThan(radius.y);
  });

  const cases = styles.flatMap((style) =>
    ([8, 12] satisfies AdDuration[]).flatMap((duration) =>
      (['square', 'coffee'] as const).map((photo) => [style, duration, photo] as const),
    ),
  );
  it.each(cases)(
    "frames a %s %i s ad's %s photo to cover the frame, its key area at least half the safe zone's height in the median scene, no text over it",
    async (style, duration, photo) => {
      // Prepare: the storyboard as the template writer writes it.
      const board = await northwindStoryboard(style, duration, 'uploads/northwind.jpg');

      // Act
      const layout = layoutOf(board, { upload: photo === 'square' ? square : coffee });

      // Assess
      const story = layout.scenes.filter((scene) => !scene.endCard);
      const shares = story.map((scene) =>
        Math.min(...scene.shots.map((shot) => (shot.product ? shot.product.keyArea.height / safeZone.height : 0))),
      );
      expect(median(shares)).toBeGreaterThanOrEqual(keyAreaShare);
      for (const scene of story) {
        for (const shot of scene.shots) {
          const picture = shot.product!;
          // The photo covers the frame; its key area is in the safe zone.
          expect(contains(picture.box, { x: 0, y: 0, width: frame.width, height: frame.height })).toBe(true);
          expect(contains(safeZone, picture.keyArea)).toBe(true);
          for (const box of textBoxesOf(scene)) expect(overlaps(box, picture.envelope)).toBe(false);
        }
      }
      expect(checkLayout(layout, noCaptions, () => null).problems).toEqual([]);
    },
  );

  it("keeps a UGC 12 s ad's key area at half the safe zone's height when every headline takes two sticker lines", async () => {
    // Prepare: the two-line beats of a shop whose facts are long (the coin shop of local/demo-shops):
    // the sticker headline under the wordmark, a handheld camera and the caption band leave the key
    // area its half only when the headline shrinks to the room left and the key area's gaps are tight.
    const board = structuredClone(await northwindStoryboard('ugc', 12, 'uploads/northwind.jpg'));
    const lines = [
      ['Greek Silver Coin Set', '(8 coins) — $4,200'],
      ['12-month warranty', 'on authenticity'],
      ['Certificate of', 'authenticity for every coin'],
      ['Insured shipping,', 'signature on delivery'],
    ];
    board.scenes.forEach((scene, index) => {
      if (scene.role === 'cta') return;
      scene.text = lines[index % lines.length]!;
      delete scene.callout;
      delete scene.emphasis;
      delete scene.phoneElement;
      for (const shot of scene.shots) if (shot.framing !== 'site-scroll') shot.motion = 'handheld';
    });

    // Act
    const layout = layoutOf(board, { upload: square });

    // Assess: as the ad scorecard measures it (tests/bench/ad-timeline.ts), the median story scene's
    // key area (the median of its shots) is at least half the safe zone's height.
    const shares = layout.scenes
      .filter((scene) => !scene.endCard && scene.shots.some((shot) => shot.design === 'cover'))
      .map((scene) =>
        median(
          scene.shots.filter((shot) => shot.product).map((shot) => shot.product!.keyArea.height / safeZone.height),
        ),
      );
    expect(shares.length).toBeGreaterThanOrEqual(2);
    expect(median(shares)).toBeGreaterThanOrEqual(keyAreaShare);
    expect(layout.scenes.every((scene) => scene.brandMark || scene.endCard || scene.index > 0)).toBe(true);
    expect(checkLayout(layout, noCaptions, () => null).problems).toEqual([]);
  });

  it('shows every photo the storyboard offers before one repeats, and punches in on a repeat', () => {
    // Prepare: three photos, but the writer put the first in every shot.
    const board = structuredClone(handWrittenStoryboard('direct-response', 12));
    board.assets.push({ id: 'site-1', source: 'hero', url: 'https://northwind.coffee/a.jpg' });
    board.assets.push({ id: 'site-2', source: 'product', url: 'https://northwind.coffee/b.jpg' });

    // Act
    const layout = layoutOf(board, { upload: square, 'site-1': coffee, 'site-2': square });

    // Assess
    const shots = layout.scenes.filter((scene) => !scene.endCard).flatMap((scene) => scene.shots);
    expect(shots.length).toBeGreaterThan(3);
    expect(new Set(shots.slice(0, 3).map((shot) => shot.asset))).toEqual(new Set(['upload', 'site-1', 'site-2']));
    shots.forEach((shot, index) => {
      const before = shots[index - 1];
      if (!before || before.asset !== shot.asset) return;
      // A cut between two shots of one photo is a punch-in: a tighter framing of its key area.
      expect(before.tight || shot.tight).toBe(true);
      const tighter = shot.tight ? shot : before;
      const wider = shot.tight ? before : shot;
      expect(tighter.product!.box.width).toBeGreaterThan(wider.product!.box.width * 1.2);
    });
  });

  it.each(styles)('joins two %s shots of the same photo by a cut, never a dissolve', (style) => {
    // Prepare: every story shot shows the one upload.
    const layout = layoutOf(handWrittenStoryboard(style, 12), { upload: square });
    const shots = layout.scenes.flatMap((scene) => scene.shots);

    // Act
    const { statements } = commandOf(layout);

    // Assess
    shots.forEach((shot, index) => {
      if (index > 0 && shots[index - 1]!.asset === shot.asset) expect(dissolvesIn(layout, index)).toBe(false);
    });
    expect(statements.some((statement) => /^\[moved\d+\].*fade=t=in/.test(statement))).toBe(false);
  });

  it('keeps a cinematic dissolve between two different pictures', () => {
    // Prepare: the benefit scene shows a second photo.
    const board = structuredClone(handWrittenStoryboard('cinematic', 12));
    board.assets.push({ id: 'site-1', source: 'hero', url: 'https://northwind.coffee/a.jpg' });

    // Act
    const layout = layoutOf(board, { upload: square, 'site-1': coffee });

    // Assess
    const shots = layout.scenes.flatMap((scene) => scene.shots);
    const changes = shots.flatMap((shot, index) =>
      index > 0 && shots[index - 1]!.asset !== shot.asset ? [index] : [],
    );
    expect(changes.some((index) => dissolvesIn(layout, index))).toBe(true);
  });
});

describe('an ad without a picture', () => {
  it.each(styles)('lays a %s ad with no image out as big type, with no empty product place', (style) => {
    // Prepare
    const board = withoutImages(handWrittenStoryboard(style, 8));

    // Act
    const layout = layoutOf(board, {});

    // Assess: nothing reserves room for a product that is not there, and the headline is larger.
    expect(checkLayout(layout, noCaptions, () => null).problems).toEqual([]);
    const withPhoto = layoutOf(handWrittenStoryboard(style, 8), { upload: square });
    for (const scene of layout.scenes.filter((candidate) => !candidate.endCard)) {
      expect(scene.shots.every((shot) => shot.product === null && shot.design === 'brand')).toBe(true);
      const headline = scene.texts.find((block) => block.role === 'headline')!;
      const photoHeadline = withPhoto.scenes[scene.index]!.texts.find((block) => block.role === 'headline')!;
      expect(headline.size).toBeGreaterThanOrEqual(photoHeadline.size);
    }
  });

  it('draws no translucent placeholder disc on a direct-response scene without an image', async () => {
    // Prepare: where a product would have been, the old plate drew a disc (radius ≈ 288 px about y 620).
    const layout = layoutOf(withoutImages(handWrittenStoryboard('direct-response', 8)), {});
    const shot = layout.scenes[0]!.shots[0]!;

    // Act
    const plate = await composePlate(layout, shot, undefined);

    // Assess: down the frame's centre line, no edge where the disc's rim would be.
    const width = Math.round(frame.width * plateScale);
    const at = (y: number) => {
      const offset = (Math.round(y * plateScale) * width + Math.round(360 * plateScale)) * 3;
      return [plate.rgb[offset]!, plate.rgb[offset + 1]!, plate.rgb[offset + 2]!];
    };
    for (const rim of [620 - 288, 620 + 288]) {
      const inside = at(rim + (rim < 620 ? 16 : -16));
      const outside = at(rim + (rim < 620 ? -16 : 16));
      for (let channel = 0; channel < 3; channel++) {
        expect(Math.abs(inside[channel]! - outside[channel]!)).toBeLessThan(12);
      }
    }
  });
});

describe('the brand colour', () => {
  it('keeps a red brand red on the UGC end card and typographic scenes, not faded to pink', () => {
    // Prepare
    const red = '#c8102e';

    // Act
    const scheme = schemeFor(styleDefinition('ugc').look.scheme, { primary: red, accent: '#ffd23f', text: '#ffffff' });

    // Assess: the plate is the brand's colour give or take a shade, and its text reads on it.
    for (const colour of [scheme.plateTop, scheme.plateBottom, scheme.plateBehindText]) {
      const [r, g, b] = rgbOf(colour);
      const [rr, rg, rb] = rgbOf(red);
      expect(Math.max(Math.abs(r - rr), Math.abs(g - rg), Math.abs(b - rb))).toBeLessThanOrEqual(48);
    }
  });

  it("gives each scene's caption band the numbers its own text shows, so their spoken words are not captioned again", () => {
    // Prepare: a price on the scene's text, a rating in its callout.
    const board = structuredClone(handWrittenStoryboard('direct-response', 12));
    board.scenes[1]!.text = ['House Blend — $4,200'];
    delete board.scenes[1]!.emphasis;
    board.scenes[1]!.callout = '4.8 stars';

    // Act
    const layout = layoutOf(board, { upload: square });

    // Assess: compared as written, without grouping commas.
    expect(layout.scenes[1]!.captions?.shownNumbers).toEqual(['4200', '4.8']);
    expect(captionNumber('$4,200.')).toBe('4200');
  });

  it.each(styles)(
    'fits a %s end card whose button names a long brand ("Book Marlow Letterpress"), with no image, on two lines if need be',
    (style) => {
      // Prepare: a readable site with no usable image, as the letterpress demo shop is.
      const board = withoutImages(handWrittenStoryboard(style, 12));
      board.endCard.cta = 'Book Marlow Letterpress';
      board.endCard.title = 'Ready to mail in three weeks';
      board.endCard.domain = 'marlowletterpress.com';

      // Act
      const layout = layoutOf(board, {});

      // Assess
      const card = layout.scenes.at(-1)!;
      expect(card.texts.map((block) => block.role)).toEqual(['end-title', 'end-cta', 'end-domain']);
      expect(layout.problems).toEqual([]);
      expect(checkLayout(layout, noCaptions, () => null).problems).toEqual([]);
    },
  );
});
