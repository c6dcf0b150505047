// Where everything goes, as a pure function of the storyboard, the images' sizes and the look
// (compose/README.md): per scene a text region at the top of the safe zone, a caption band at its bottom
// and the product between them, placed whole and shrunk so that even the camera move never carries
// it under text; the end card stacks the product (or logo) over the title, the CTA and the domain,
// all above the bottom 35 %. Text that does not fit is a problem for the gate, never cut.

import type { SceneRole } from '#generation/storyboard/scene-plans.ts';
import type { Motion, Storyboard, StoryboardScene, StoryboardShot } from '#generation/storyboard/storyboard.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { clipStillDescription } from './footage-shots.ts';
import {
  type Box,
  bottom,
  centreOf,
  type DesignFrame,
  frame as designFrame,
  type FrameGeometry,
  type FrameSize,
  frameGeometry,
  right,
  scaleBox,
} from './geometry.ts';
import { type CaptionSpec, type Look, minTypeSize, type PlateDesign, safeLook, type TypeSpec } from './looks.ts';
import { envelopeOf, type Move, moveFor, plateScale } from './motion.ts';
import { messageBlue, type Scheme, schemeFor } from './scheme.ts';
import { type SiteView, sitePageHeight } from './site-page.tsx';
import {
  type Backing,
  type Colours,
  paddingFor,
  placeBlock,
  stickerTiltDeg,
  strokeWidthFor,
  type TextBlock,
} from './text-blocks.ts';

export interface ImageFacts {
  width: number;
  height: number;
  /** False when the image has see-through pixels (a cut-out or a logo): it is not framed as a card. */
  opaque: boolean;
  /**
   * Where the picture's subject is, as shares of its width and height: the point sharp's attention
   * strategy centres its crop on (`keyPointOf`, key-area.ts). Absent: the centre.
   */
  focus?: { x: number; y: number };
}

/**
 * `cover`: the photo fills the frame, its key area (the subject) in the room the text leaves;
 * `product`: a cut-out (or a photo too small to fill the frame) laid whole on the design;
 * `brand`: the design alone (typographic);
 * `site`: the storyboard's site view drawn as a phone screen (site-page.tsx), scrolled.
 */
export type ShotDesign = 'product' | 'cover' | 'brand' | 'site';

/** What the plate shows behind the product: the style's design, the photo blurred, or the photo itself. */
export type Backdrop = 'design' | 'blurred-image' | 'image';

export interface ShotLayout {
  asset: string | null;
  design: ShotDesign;
  backdrop: Backdrop;
  /** product-split: the product to one side on a split colour field. */
  split: boolean;
  /**
   * The image at rest (a cover photo's box runs past the frame), its key area at rest (where its
   * subject is: text never covers it) and every place the key area is seen while the camera moves.
   * For a cut-out laid whole, the key area is the image.
   */
  product: { box: Box; keyArea: Box; envelope: Box } | null;
  /** A tighter framing of the key area than the shot before it of the same image (a punch-in). */
  tight: boolean;
  /** Frame rows darkened under text read on the photo itself (cover shots with plain text). */
  scrims: Scrim[];
  move: Move;
  startFrame: number;
  frames: number;
  /** Counts shots from the start of the ad; neighbouring shots alternate the plate's field. */
  variant: number;
  /** A `site` shot: the page it scrolls (drawn in the brand's colours), its height in frame px (its width is the frame's). */
  site?: { view: SiteView; brand: Storyboard['brand']; palette: Storyboard['palette']; pageHeight: number };
}

/** Frame rows darkened under text on the photo; with `width`, only from the left edge to it (16:9's text column). */
export interface Scrim {
  y: number;
  height: number;
  width?: number;
}

export interface CaptionBandLayout {
  band: Box;
  /**
   * Numbers the scene's own text already shows ("16" of "House Blend — $16"): their spoken words
   * are not captioned, so a price or a rating is never on screen twice at once.
   */
  shownNumbers?: readonly string[];
  spec: CaptionSpec;
  ink: string;
  activeInk: string;
  /** The active word on a pill of this colour (boxed captions). */
  activeFill?: string;
  backing: Backing;
}

export interface SceneLayout {
  index: number;
  role: SceneRole;
  endCard: boolean;
  startFrame: number;
  endFrame: number;
  shots: ShotLayout[];
  texts: TextBlock[];
  captions: CaptionBandLayout | null;
  /**
   * The brand on every story scene from frame 0 (null on the end card, which names it): its logo
   * (the asset whose source is 'logo') or else its name set in the style's type (`wordmark`).
   */
  brandMark: BrandMark | null;
}

export interface BrandMark {
  box: Box;
  kind: 'logo' | 'wordmark';
  /** The logo's asset id (kind 'logo'). */
  asset?: string;
  /** The name as drawn (kind 'wordmark'): checked and drawn like any text block. */
  wordmark?: TextBlock;
}

export interface AdLayout {
  /** The style's designed background (layers.tsx) and the tint over a blurred photo (plates.ts). */
  plate: PlateDesign;
  blurTint: 'light' | 'shade';
  /** The frame it is laid out for: every box, size and move below is in its pixels. */
  frame: FrameGeometry;
  /** The fallback layout a failed gate renders with. */
  safe: boolean;
  look: Look;
  scheme: Scheme;
  scenes: SceneLayout[];
  totalFrames: number;
  /** Text that could not be placed: the layout gate refuses the layout. */
  problems: string[];
}

const gap = 14;
/** 16:9: the text column's share of the safe zone's width (the picture takes the rest). */
const textColumnShare = 0.46;
/**
 * Between text and the key area's room: the room holds the envelope (the farthest the move carries
 * the subject, 1.5 × the sway beyond it), so the subject at rest already keeps more than this off.
 */
const keyGap = 6;
/** How far the camera pushes into a designed background that shows no product. */
const brandPush = 0.16;
/** The least height the text may leave the product; and, when even that leaves too little for the text, the least of all. */
const minProductHeight = 200;
const minKeyHeight = 120;
/** An image is never shown more than this much larger than its pixels (a cut-out laid whole). */
const maxUpscale = 2;
/** The key area's least share of the safe zone's height, aimed at when the text leaves room. */
export const keyAreaShare = 0.5;
/** A photo that would need more than this to fill the frame is laid whole instead (too soft to fill it). */
const maxCoverUpscale = 4.5;
/** How much further than its cover scale a photo may be enlarged to bring its subject into the key area. */
const maxFocusZoom = 1.6;
/** A punch-in: the key area framed this much tighter than the shot before it. */
const punchInZoom = 1.4;
/** The brand mark: a logo this tall, a wordmark in type this size (bold). */
const logoHeight = 56;
const wordmarkSize = 36;

const toFrame = (seconds: number) => Math.round(seconds * designFrame.fps);

export function layoutStoryboard(
  storyboard: Storyboard,
  images: ReadonlyMap<string, ImageFacts>,
  options: { safe: boolean; frame?: FrameSize },
): AdLayout {
  const geometry = frameGeometry(options.frame);
  const { design } = geometry;
  // 16:9 sets the text in a column beside the picture; the others stack it over the picture.
  const textZone: Box = design.columns
    ? { ...design.safeZone, width: Math.round(design.safeZone.width * textColumnShare) }
    : design.safeZone;
  const style = styleDefinition(storyboard.style).look;
  const look = options.safe ? safeLook(style.type) : style.type;
  const scheme = schemeFor(style.scheme, storyboard.palette);
  const problems: string[] = [];
  const pictures = picturePlan(storyboard, images);
  const logo = storyboard.assets.find((asset) => asset.source === 'logo' && images.has(asset.id));
  let shotCount = 0;
  const scenes = storyboard.scenes.map((scene, index): SceneLayout => {
    const startFrame = toFrame(scene.startSeconds);
    const endFrame =
      index === storyboard.scenes.length - 1 ? storyboard.durationSeconds * designFrame.fps : toFrame(scene.endSeconds);
    const context: SceneContext = {
      storyboard,
      images,
      look,
      scheme,
      calloutTiltDeg: options.safe ? 0 : style.calloutTiltDeg,
      safe: options.safe,
      problems,
      startFrame,
      endFrame,
      pictures: pictures[index] ?? [],
      design,
      textZone,
      logo: logo ? { id: logo.id, facts: images.get(logo.id)! } : null,
    };
    const laid =
      scene.role === 'cta' ? endCard(scene, index, context, shotCount) : storyScene(scene, index, context, shotCount);
    shotCount += laid.shots.length;
    return laid;
  });
  const designed: AdLayout = {
    plate: style.plate,
    blurTint: style.blurTint,
    frame: frameGeometry(design),
    safe: options.safe,
    look,
    scheme,
    scenes,
    totalFrames: storyboard.durationSeconds * designFrame.fps,
    problems,
  };
  return geometry.scale === 1 ? designed : scaledLayout(designed, geometry);
}

/**
 * A layout worked out in the design frame, in the pixels of `geometry`'s frame: every length
 * (boxes, type sizes, padding, strokes, radii, camera shifts) times its scale. Text measures in
 * proportion to its size, so the scaled text fits its scaled box exactly as it did.
 */
function scaledLayout(layout: AdLayout, geometry: FrameGeometry): AdLayout {
  const k = geometry.scale;
  const box = (at: Box) => scaleBox(at, k);
  const type = <T extends TypeSpec>(spec: T): T => ({ ...spec, size: spec.size * k, minSize: spec.minSize * k });
  const backing = (at: Backing): Backing =>
    at.kind === 'box' ? { ...at, radius: at.radius * k } : at.kind === 'stroke' ? { ...at, width: at.width * k } : at;
  const text = (block: TextBlock): TextBlock => ({
    ...block,
    box: box(block.box),
    inner: { width: block.inner.width * k, height: block.inner.height * k },
    spec: type(block.spec),
    size: block.size * k,
    backing: backing(block.backing),
    padX: block.padX * k,
    padY: block.padY * k,
  });
  const move = (at: Move): Move => ({
    ...at,
    anchor: { x: at.anchor.x * k, y: at.anchor.y * k },
    shift: [
      [at.shift[0][0] * k, at.shift[0][1] * k],
      [at.shift[1][0] * k, at.shift[1][1] * k],
    ],
    wobblePx: at.wobblePx * k,
  });
  const { look } = layout;
  return {
    ...layout,
    frame: geometry,
    look: {
      ...look,
      headline: type(look.headline),
      caption: type(look.caption),
      callout: type(look.callout),
      phone: type(look.phone),
      endTitle: type(look.endTitle),
      endCta: type(look.endCta),
      endDomain: type(look.endDomain),
      motion: { ...look.motion, panPx: look.motion.panPx * k, wobblePx: look.motion.wobblePx * k },
      cardRadius: look.cardRadius * k,
    },
    scenes: layout.scenes.map((scene) => ({
      ...scene,
      shots: scene.shots.map((shot) => ({
        ...shot,
        product: shot.product && {
          box: box(shot.product.box),
          keyArea: box(shot.product.keyArea),
          envelope: box(shot.product.envelope),
        },
        scrims: shot.scrims.map((scrim) => ({
          y: scrim.y * k,
          height: scrim.height * k,
          ...(scrim.width !== undefined && { width: scrim.width * k }),
        })),
        move: move(shot.move),
        ...(shot.site && { site: { ...shot.site, pageHeight: shot.site.pageHeight * k } }),
      })),
      texts: scene.texts.map(text),
      captions: scene.captions && {
        ...scene.captions,
        band: box(scene.captions.band),
        spec: type(scene.captions.spec),
        backing: backing(scene.captions.backing),
      },
      brandMark: scene.brandMark && {
        ...scene.brandMark,
        box: box(scene.brandMark.box),
        ...(scene.brandMark.wordmark && { wordmark: text(scene.brandMark.wordmark) }),
      },
    })),
  };
}

interface SceneContext {
  storyboard: Storyboard;
  images: ReadonlyMap<string, ImageFacts>;
  look: Look;
  scheme: Scheme;
  /** A sticker callout's tilt (the style's; level in the safe layout). */
  calloutTiltDeg: number;
  safe: boolean;
  problems: string[];
  startFrame: number;
  endFrame: number;
  /** Per shot of the scene: the picture it shows (after the rotation over the assets) and whether it punches in. */
  pictures: { asset: string | null; tight: boolean }[];
  logo: { id: string; facts: ImageFacts } | null;
  /** The format's design frame (geometry.ts `designFrames`): every box here is in its pixels. */
  design: DesignFrame;
  /** Where story text goes: the safe zone, or (16:9) its column beside the picture. */
  textZone: Box;
}

/**
 * Which picture each story shot shows: a shot keeps its own photo unless that photo has been
 * shown already and another has not (so every photo the storyboard offers is used before one
 * repeats; once all have been, they take turns), and a shot that shows the same photo as the shot
 * before it frames its key area tighter (a punch-in), so that a cut between them is a cut, never
 * the same picture twice. Logos are the brand mark, not a picture; AI footage stills stay where
 * their clip plays.
 */
function picturePlan(
  storyboard: Storyboard,
  images: ReadonlyMap<string, ImageFacts>,
): { asset: string | null; tight: boolean }[][] {
  const sourceOf = new Map(storyboard.assets.map((asset) => [asset.id, asset]));
  const isClipStill = (id: string) => sourceOf.get(id)?.description === clipStillDescription;
  const photos = storyboard.assets
    .filter((asset) => asset.source !== 'logo' && !isClipStill(asset.id) && images.get(asset.id)?.opaque)
    .map((asset) => asset.id);
  const used = new Set<string>();
  let turn = 0;
  let previous: { asset: string | null; tight: boolean } = { asset: null, tight: false };
  return storyboard.scenes.map((scene) =>
    scene.shots.map((shot) => {
      const own = shot.asset;
      if (
        scene.role === 'cta' ||
        !own ||
        shot.framing === 'brand' ||
        !images.has(own) ||
        sourceOf.get(own)?.source === 'logo'
      ) {
        previous = { asset: null, tight: false };
        return previous;
      }
      let asset = own;
      if (photos.includes(own) && used.has(own)) {
        asset = photos.find((id) => !used.has(id)) ?? photos[turn++ % photos.length]!;
      }
      used.add(asset);
      const tight = asset === previous.asset && !previous.tight;
      previous = { asset, tight };
      return previous;
    }),
  );
}

/** Frames of each shot: the scene's frames shared in the storyboard's proportions, summing exactly. */
function shotFrames(
  shots: readonly StoryboardShot[],
  startFrame: number,
  endFrame: number,
): { start: number; frames: number }[] {
  const total = shots.reduce((sum, shot) => sum + shot.seconds, 0);
  let elapsed = 0;
  return shots.map((shot) => {
    const start = startFrame + Math.round(((endFrame - startFrame) * elapsed) / total);
    elapsed += shot.seconds;
    const end = startFrame + Math.round(((endFrame - startFrame) * elapsed) / total);
    return { start, frames: end - start };
  });
}

/** The site view is a phone's screen: a 9:16 frame's alone (the others show the picture there). */
const isPhoneScreen = (frame: FrameSize) => frame.height > frame.width * 1.5;

/** Whether the storyboard's site view is drawn as a page in `frame` (some scene scrolls it there). */
export function drawsSitePage(storyboard: Pick<Storyboard, 'siteView' | 'scenes'>, frame: FrameSize): boolean {
  return (
    !!storyboard.siteView &&
    isPhoneScreen(frame) &&
    storyboard.scenes.some((scene) => scene.shots.some((shot) => shot.framing === 'site-scroll'))
  );
}

function designOf(facts: ImageFacts | undefined, asset: string | null, frame: FrameSize): { design: ShotDesign } {
  if (!facts || asset === null) return { design: 'brand' };
  const coverScale = Math.max(frame.width / facts.width, frame.height / facts.height);
  // A cut-out keeps its shape on the design; a thumbnail would be mush across the whole frame.
  if (!facts.opaque || coverScale > maxCoverUpscale) return { design: 'product' };
  return { design: 'cover' };
}

/** The image at rest, centred in `region` and shrunk so that its move never leaves the region. */
function placeProduct(
  facts: ImageFacts,
  region: Box,
  look: Look,
  motion: StoryboardShot['motion'],
  frames: number,
  bounds: FrameSize,
): { box: Box; envelope: Box; move: Move } {
  const aspect = facts.width / facts.height;
  const anchor = centreOf(region);
  // How much the move grows a box, measured on the region itself.
  const swept = envelopeOf(moveFor(motion, look, anchor, frames / designFrame.fps, 0, bounds), region, frames);
  const grow = Math.max(swept.width / region.width, swept.height / region.height);
  const width = Math.min(region.width / grow, (region.height / grow) * aspect, (facts.width * maxUpscale) / plateScale);
  const height = width / aspect;
  const box = { x: anchor.x - width / 2, y: anchor.y - height / 2, width, height };
  const move = moveFor(motion, look, centreOf(box), frames / designFrame.fps, 0, bounds);
  return { box, envelope: envelopeOf(move, box, frames), move };
}

function captionBand(context: SceneContext): CaptionBandLayout {
  const { look, scheme, textZone: safeZone } = context;
  const spec = look.caption;
  const { padY } = paddingFor(spec.treatment, spec.size);
  const height = Math.ceil(spec.size * spec.lineHeight + 2 * padY + 2 * strokeWidthFor(spec.size));
  const band = { x: safeZone.x, y: bottom(safeZone) - 6 - height, width: safeZone.width, height };
  if (spec.treatment === 'outline') {
    return {
      band,
      spec,
      ink: scheme.captionInk,
      activeInk: scheme.captionActive,
      backing: { kind: 'stroke', color: scheme.stroke, width: strokeWidthFor(spec.size) },
    };
  }
  if (spec.treatment === 'plain') {
    return {
      band,
      spec,
      ink: scheme.textOnPlate,
      activeInk: scheme.captionActive,
      backing: { kind: 'plate', intended: scheme.plateBehindText },
    };
  }
  return {
    band,
    spec,
    ink: scheme.boxInk,
    activeInk: scheme.emphasisInk,
    activeFill: scheme.emphasisFill,
    backing: { kind: 'box', fill: scheme.boxFill, radius: Math.round(spec.size * 0.22), perLine: true },
  };
}

function coloursFor(spec: TypeSpec, scheme: Scheme, look: Look): Colours {
  switch (spec.treatment) {
    case 'plain':
      return {
        ink: scheme.textOnPlate,
        emphasisInk: scheme.accentOnPlate,
        backing: { kind: 'plate', intended: scheme.plateBehindText },
      };
    case 'outline':
      return {
        ink: scheme.captionInk,
        emphasisInk: scheme.captionActive,
        backing: { kind: 'stroke', color: scheme.stroke, width: strokeWidthFor(spec.size) },
      };
    case 'boxed':
    case 'sticker':
      return {
        ink: scheme.boxInk,
        emphasisInk: scheme.emphasisInk,
        emphasisFill: scheme.emphasisFill,
        backing: {
          kind: 'box',
          fill: scheme.boxFill,
          radius: spec.treatment === 'sticker' ? Math.round(spec.size * 0.3) : look.cardRadius > 20 ? 10 : 4,
          perLine: true,
        },
      };
  }
}

function place(context: SceneContext, request: Parameters<typeof placeBlock>[0]): TextBlock | null {
  const placed = placeBlock(request);
  if ('problem' in placed) {
    context.problems.push(placed.problem);
    return null;
  }
  return placed.block;
}

function calloutRequest(
  context: SceneContext,
  text: string,
  area: Box,
  align: TextBlock['align'] = 'center',
  vertical: 'top' | 'middle' = 'top',
): Parameters<typeof placeBlock>[0] {
  const { look, scheme } = context;
  const spec = look.callout;
  const colours: Colours =
    spec.treatment === 'plain'
      ? {
          ink: scheme.accentOnPlate,
          emphasisInk: scheme.accentOnPlate,
          backing: { kind: 'plate', intended: scheme.plateBehindText },
        }
      : {
          ink: scheme.hotInk,
          emphasisInk: scheme.hotInk,
          backing: { kind: 'box', fill: scheme.hotFill, radius: Math.round(spec.size * 0.3), perLine: false },
        };
  return {
    role: 'callout',
    text,
    spec,
    colours,
    area,
    align,
    vertical,
    rotateDeg: context.calloutTiltDeg,
  };
}

function calloutBlock(
  context: SceneContext,
  text: string,
  area: Box,
  align: TextBlock['align'],
  vertical: 'top' | 'middle',
  record = true,
) {
  const request = calloutRequest(context, text, area, align, vertical);
  if (record) return place(context, request);
  const placed = placeBlock(request);
  return 'block' in placed ? placed.block : null;
}

/**
 * A scene whose headline shows the brand's name as one of its lines (a name reveal, a site read for
 * its name only) while the mark would be that name in type too (no logo): the headline is the brand
 * mark there, and a wordmark over it would show the name twice in one frame.
 */
function namesBrandInType(scene: StoryboardScene, context: SceneContext): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const name = plain(context.storyboard.brand.name);
  return !context.logo && scene.text.some((line) => plain(line) === name);
}

/** The brand mark at the top left of the safe zone: the logo on a light chip, else the name in the style's type. */
function brandMarkFor(context: SceneContext): BrandMark | null {
  const { look, scheme, storyboard, textZone: safeZone } = context;
  const top = safeZone.y + 6;
  if (context.logo) {
    const { facts, id } = context.logo;
    const pad = 8;
    const width = Math.min(safeZone.width * 0.5, ((logoHeight - 2 * pad) * facts.width) / facts.height + 2 * pad);
    return { kind: 'logo', asset: id, box: { x: safeZone.x, y: top, width, height: logoHeight } };
  }
  const spec: TypeSpec = {
    ...look.headline,
    // Light type is too thin to read this small: the mark takes the semibold of the same family.
    weight: look.headline.weight === 300 ? 600 : look.headline.weight,
    size: wordmarkSize,
    minSize: minTypeSize.bold,
    lineHeight: 1.1,
    maxLines: 1,
    treatment: 'boxed',
  };
  const colours: Colours = {
    ink: scheme.brandInk,
    emphasisInk: scheme.brandInk,
    backing: { kind: 'box', fill: scheme.brandFill, radius: 8, perLine: false },
  };
  const request = (width: number, maxLines: number): Parameters<typeof placeBlock>[0] => ({
    role: 'brand',
    text: storyboard.brand.name,
    spec: { ...spec, maxLines },
    colours,
    area: { x: safeZone.x, y: top, width, height: 2 * wordmarkSize * 1.1 + 24 },
    align: 'left',
    vertical: 'top',
  });
  // Small where the name is short; a long name may take the safe zone's width, then two lines.
  for (const [width, lines] of [
    [safeZone.width * 0.62, 1],
    [safeZone.width, 1],
  ] as const) {
    const placed = placeBlock(request(width, lines));
    if ('block' in placed) return { kind: 'wordmark', box: placed.block.box, wordmark: placed.block };
  }
  const block = place(context, request(safeZone.width, 2));
  return block ? { kind: 'wordmark', box: block.box, wordmark: block } : null;
}

/** The numbers a scene's text, callout and phone element show, as captionNumber() reads them. */
function numbersShown(scene: StoryboardScene): string[] {
  const shown = [...scene.text, scene.callout ?? '', scene.phoneElement?.text ?? ''].join(' ');
  return (shown.match(/\d[\d,.]*/g) ?? []).map(captionNumber);
}

/** A number as written ("$4,200." → "4200"), to compare a spoken word with the scene's text. */
export function captionNumber(word: string): string {
  return (/\d[\d,.]*/.exec(word)?.[0] ?? '').replace(/,/g, '').replace(/\.+$/, '');
}

/** The motion a shot is given: a held picture is pushed into (cover photos move; a punch-in pushes on). */
function motionOf(shot: StoryboardShot, design: ShotDesign, tight: boolean, safe: boolean): Motion {
  // The site view's scroll is what it shows, in the safe look too (its text is on boxes anyway).
  if (design === 'site') return 'scroll';
  if (safe || tight) return 'push-in';
  if (design === 'cover' && shot.motion === 'static') return 'push-in';
  return shot.motion;
}

/** How much a move grows a box centred in `region`, the larger of its two axes. */
function growthOf(motion: Motion, look: Look, region: Box, frames: number, bounds: FrameSize): number {
  const swept = envelopeOf(
    moveFor(motion, look, centreOf(region), frames / designFrame.fps, 0, bounds),
    region,
    frames,
  );
  return Math.max(swept.width / region.width, swept.height / region.height);
}

/** The least share of its style's sway a camera keeps when the product needs the room (`keyAreaIn`). */
const minSwayShare = 0.5;

/**
 * The key area at rest, centred in `region` and shrunk until everywhere the move carries it stays
 * inside. When that leaves it under `wanted` px high (text at its least size took the room above
 * it) while the region itself is taller, the camera sways less — down to `minSwayShare` of the
 * style's push, pan and wobble — until the product keeps its share: the product's size is a budget
 * every ad keeps, the sway's last tenth is not (UGC's hand-held wobble took 13 % of the key area's
 * height, leaving a two-line sticker's scenes at 48–49 % of the safe zone).
 */
function keyAreaIn(
  region: Box,
  motion: Motion,
  look: Look,
  frames: number,
  bounds: FrameSize,
  wanted = 0,
): { keyArea: Box; move: Move; envelope: Box } {
  const full = keyAreaSwept(region, motion, look, frames, bounds);
  if (full.keyArea.height >= wanted || region.height < wanted) return full;
  const swaying = (share: number): Look => ({
    ...look,
    motion: {
      ...look.motion,
      push: look.motion.push * share,
      panPx: look.motion.panPx * share,
      wobblePx: look.motion.wobblePx * share,
    },
  });
  const least = keyAreaSwept(region, motion, swaying(minSwayShare), frames, bounds);
  if (least.keyArea.height < wanted) return least;
  let [low, high, best] = [minSwayShare, 1, least];
  for (let step = 0; step < 8; step++) {
    const share = (low + high) / 2;
    const tried = keyAreaSwept(region, motion, swaying(share), frames, bounds);
    if (tried.keyArea.height >= wanted) [low, best] = [share, tried];
    else high = share;
  }
  return best;
}

function keyAreaSwept(
  region: Box,
  motion: Motion,
  look: Look,
  frames: number,
  bounds: FrameSize,
): { keyArea: Box; move: Move; envelope: Box } {
  const centre = centreOf(region);
  let scale = 1 / growthOf(motion, look, region, frames, bounds);
  for (let round = 0; ; round++) {
    const keyArea = {
      x: centre.x - (region.width * scale) / 2,
      y: centre.y - (region.height * scale) / 2,
      width: region.width * scale,
      height: region.height * scale,
    };
    const move = moveFor(motion, look, centre, frames / designFrame.fps, 0, bounds);
    const envelope = envelopeOf(move, keyArea, frames);
    const over = Math.max(region.y - envelope.y, bottom(envelope) - bottom(region));
    if (over <= 0.01 || round === 8) return { keyArea, move, envelope };
    scale *= (region.height - 2 * over - 0.5) / region.height;
  }
}

/**
 * Where a photo that fills the frame sits: scaled at least to cover the frame, further (up to
 * `maxFocusZoom`) when that lets its subject (the attention point) land on the key area's centre,
 * tighter still for a punch-in; then moved as close to that as covering the frame allows.
 */
export function coverPicture(facts: ImageFacts, keyArea: Box, tight: boolean, frame: FrameSize = designFrame): Box {
  const focus = facts.focus ?? { x: 0.5, y: 0.5 };
  const fx = focus.x * facts.width;
  const fy = focus.y * facts.height;
  const centre = centreOf(keyArea);
  const cover = Math.max(frame.width / facts.width, frame.height / facts.height);
  const reach = (near: number, far: number, toNear: number, toFar: number) =>
    Math.max(near > 0 ? toNear / near : 0, far > 0 ? toFar / far : 0);
  const needed = Math.max(
    cover,
    reach(fx, facts.width - fx, centre.x, frame.width - centre.x),
    reach(fy, facts.height - fy, centre.y, frame.height - centre.y),
  );
  const scale = Math.min(needed, cover * maxFocusZoom) * (tight ? punchInZoom : 1);
  const width = facts.width * scale;
  const height = facts.height * scale;
  return {
    x: Math.min(0, Math.max(frame.width - width, centre.x - fx * scale)),
    y: Math.min(0, Math.max(frame.height - height, centre.y - fy * scale)),
    width,
    height,
  };
}

/**
 * The stack over the highest floor between `high` (where it does not fit) and `low` (where it
 * does, `fits`), to a pixel: fitting is monotonic in the room, so the search halves the range.
 */
function highestFit<T extends { problems: string[] }>(
  high: number,
  low: number,
  fits: T,
  stack: (floor: number) => T,
): T {
  let best = fits;
  let [above, below] = [high, low];
  while (below - above > 1) {
    const middle = Math.round((above + below) / 2);
    const tried = stack(middle);
    if (tried.problems.length === 0) [best, below] = [tried, middle];
    else above = middle;
  }
  return best;
}

/** Rows under text that is read on the photo itself, a little beyond it: the scrim darkens them. */
function scrimsFor(boxes: readonly Box[], width?: number): Scrim[] {
  const margin = 22;
  const rows = boxes.map((box) => ({ y: box.y - margin, end: bottom(box) + margin })).sort((a, b) => a.y - b.y);
  const merged: { y: number; end: number }[] = [];
  for (const row of rows) {
    const last = merged.at(-1);
    if (last && row.y <= last.end) last.end = Math.max(last.end, row.end);
    else merged.push({ ...row });
  }
  return merged.map((row) => ({ y: row.y, height: row.end - row.y, ...(width !== undefined && { width }) }));
}

function storyScene(scene: StoryboardScene, index: number, context: SceneContext, shotsBefore: number): SceneLayout {
  const { look, scheme, images, textZone: safeZone, design: frame } = context;
  const texts: TextBlock[] = [];
  const width = safeZone.width;
  // A phone element (a comment or a message) takes the brand's row: with both stacked over the headline the
  // picture's key area loses a tenth of the safe zone, and the brand is on every other scene. The
  // hook keeps it: the brand is on screen from frame 0 (by its headline where that is the name in type).
  const brandMark =
    (scene.phoneElement && index > 0) || namesBrandInType(scene, context) ? null : brandMarkFor(context);
  let top = brandMark ? bottom(brandMark.box) + 10 : safeZone.y + 10;

  if (scene.phoneElement) {
    const bubble = scene.phoneElement.kind === 'text-bubble';
    const block = place(context, {
      role: 'phone',
      text: scene.phoneElement.text,
      spec: look.phone,
      colours: {
        ink: bubble ? '#ffffff' : scheme.bubbleInk,
        emphasisInk: bubble ? '#ffffff' : scheme.bubbleInk,
        backing: { kind: 'box', fill: bubble ? messageBlue : scheme.bubbleFill, radius: 30, perLine: false },
      },
      area: { x: safeZone.x + 6, y: top, width: width - 12, height: 190 },
      align: bubble ? 'right' : 'left',
      shape: scene.phoneElement.kind,
      rotateDeg: 0,
    });
    if (block) {
      texts.push(block);
      top = bottom(block.box) + 14;
    }
  }

  const band = captionBand(context);
  const frames = shotFrames(scene.shots, context.startFrame, context.endFrame);
  const pictures = scene.shots.map((_, shotIndex) => context.pictures[shotIndex] ?? { asset: null, tight: false });
  const view = context.storyboard.siteView;
  const designs = pictures.map(
    (picture, shotIndex): ShotDesign =>
      scene.shots[shotIndex]!.framing === 'site-scroll' && view && isPhoneScreen(frame)
        ? 'site'
        : designOf(picture.asset ? images.get(picture.asset) : undefined, picture.asset, frame).design,
  );
  // The scene's site shots continue one scroll down the page, each its share of the way by its frames.
  const pageHeight = view ? sitePageHeight(view) : frame.height;
  const siteFrames = frames.filter((_, shotIndex) => designs[shotIndex] === 'site');
  const siteTotal = siteFrames.reduce((sum, shot) => sum + shot.frames, 0);
  const scrollAt = (start: number) =>
    ((pageHeight - frame.height) *
      siteFrames.filter((shot) => shot.start < start).reduce((sum, shot) => sum + shot.frames, 0)) /
    Math.max(1, siteTotal);
  const motions = scene.shots.map((shot, shotIndex) =>
    motionOf(shot, designs[shotIndex]!, pictures[shotIndex]!.tight, context.safe),
  );
  const allBrand = designs.every((design) => design === 'brand');

  // The key area's room under the text: half the safe zone's height once the moves have grown it;
  // the headline shrinks (down to its least size) to leave it, and only text that cannot fit even
  // then takes more, down to `minProductHeight`.
  const nominal: Box = { x: safeZone.x, y: safeZone.y, width, height: keyAreaShare * context.design.safeZone.height };
  const kept = Math.min(
    1,
    ...motions.map(
      (motion, shotIndex) =>
        keyAreaIn(nominal, motion, look, frames[shotIndex]!.frames, frame).keyArea.height / nominal.height,
    ),
  );
  const keyRoom = Math.ceil((keyAreaShare * context.design.safeZone.height) / kept) + 4;
  // A floor is where the text must end: the key area's room and a gap on each side of it lie below.
  const floors =
    allBrand || frame.columns
      ? [band.band.y - gap]
      : [
          band.band.y - 2 * keyGap - keyRoom,
          band.band.y - 2 * keyGap - minProductHeight,
          band.band.y - 2 * keyGap - minKeyHeight,
        ];

  const headlineRequest = (area: Box, align: TextBlock['align']): Parameters<typeof placeBlock>[0] => ({
    role: 'headline',
    text: scene.text.join(' '),
    lines: scene.text,
    ...(scene.emphasis && { emphasis: scene.emphasis }),
    // Without a picture the type is the picture: bigger, in the middle. 16:9's column is narrow and
    // tall: the headline may take a line more there.
    spec: {
      ...look.headline,
      ...(allBrand && { size: Math.round(look.headline.size * 1.3) }),
      ...(frame.columns && { maxLines: look.headline.maxLines + 1 }),
    },
    colours: coloursFor(look.headline, scheme, look),
    area,
    align,
    vertical: allBrand && !scene.callout ? 'middle' : 'top',
    rotateDeg: look.headline.treatment === 'sticker' && !context.safe ? stickerTiltDeg : 0,
  });

  // The headline and its callout over `floor`: a sticker callout beside the headline, a plain one
  // (or one that leaves the headline too little width) under it.
  const stack = (floor: number): { blocks: TextBlock[]; problems: string[] } => {
    const problems: string[] = [];
    let headline: TextBlock | null = null;
    let callout: TextBlock | null = null;
    if (scene.callout && look.callout.treatment !== 'plain' && !allBrand) {
      const sticker = calloutBlock(
        context,
        scene.callout,
        { x: safeZone.x, y: top, width: width * 0.45, height: floor - top },
        'right',
        'top',
        false,
      );
      if (sticker) {
        const beside = placeBlock(
          headlineRequest(
            { x: safeZone.x, y: top, width: width - sticker.box.width - gap, height: floor - top },
            'left',
          ),
        );
        if ('block' in beside) {
          headline = beside.block;
          const centreY = headline.box.y + headline.box.height / 2;
          callout = {
            ...sticker,
            box: {
              ...sticker.box,
              x: right(safeZone) - sticker.box.width,
              y: Math.max(top, centreY - sticker.box.height / 2),
            },
          };
        }
      }
    }
    if (!headline) {
      const placed = placeBlock(headlineRequest({ x: safeZone.x, y: top, width, height: floor - top }, 'center'));
      if ('block' in placed) headline = placed.block;
      else problems.push(placed.problem);
    }
    const textBottom = Math.max(headline ? bottom(headline.box) : top, callout ? bottom(callout.box) : top);
    if (scene.callout && !callout) {
      const placed = placeBlock(
        calloutRequest(context, scene.callout, {
          x: safeZone.x,
          y: textBottom + 10,
          width,
          height: floor - textBottom - 10,
        }),
      );
      if ('block' in placed) callout = placed.block;
      else problems.push(placed.problem);
    }
    return { blocks: [headline, callout].filter((block): block is TextBlock => block !== null), problems };
  };
  let stacked = stack(floors[0]!);
  for (const [position, floor] of floors.entries()) {
    if (position === 0 || stacked.problems.length === 0) continue;
    const lower = stack(floor);
    // The text fits above this floor but not the one before: the floor as high as it still fits,
    // so the headline shrinks (down to its least size) before the key area gives up any room.
    if (lower.problems.length === 0) stacked = highestFit(floors[position - 1]!, floor, lower, stack);
    else stacked = lower;
  }
  context.problems.push(...stacked.problems);
  texts.push(...stacked.blocks);
  if (!allBrand) top = Math.max(top, ...stacked.blocks.map((block) => bottom(block.box))) + keyGap;

  // 16:9: the picture's column, the safe zone's height beside the text.
  const zone = context.design.safeZone;
  const region: Box = frame.columns
    ? { x: right(safeZone) + gap, y: zone.y, width: right(zone) - right(safeZone) - gap, height: zone.height }
    : { x: safeZone.x, y: top, width, height: band.band.y - keyGap - top };
  const captions = scene.voiceLine.trim() ? { ...band, shownNumbers: numbersShown(scene) } : null;
  // Text read on the photo itself (no box, no stroke) gets a scrim under it.
  const onPicture = [
    ...texts.filter((block) => block.backing.kind === 'plate').map((block) => block.box),
    ...(captions && captions.backing.kind === 'plate' ? [captions.band] : []),
  ];

  const shots = scene.shots.map((_, shotIndex): ShotLayout => {
    const design = designs[shotIndex]!;
    const { asset, tight } = pictures[shotIndex]!;
    const motion = motions[shotIndex]!;
    const { start, frames: count } = frames[shotIndex]!;
    const facts = asset ? images.get(asset) : undefined;
    const common = {
      asset: design === 'brand' ? null : asset,
      design,
      backdrop: (design === 'cover' ? 'image' : 'design') as Backdrop,
      split: false,
      tight,
      // 16:9: the scrim darkens the text's column, not the picture beside it.
      scrims: design === 'cover' ? scrimsFor(onPicture, frame.columns ? right(safeZone) + gap : undefined) : [],
      startFrame: start,
      frames: count,
      variant: shotsBefore + shotIndex,
    };
    if (design === 'cover' && facts) {
      // A couple of px over the share, so that rounding never leaves it a hair under.
      const wanted = Math.ceil(keyAreaShare * context.design.safeZone.height) + 2;
      const { keyArea, move, envelope } = keyAreaIn(region, motion, look, count, frame, wanted);
      return { ...common, product: { box: coverPicture(facts, keyArea, tight, frame), keyArea, envelope }, move };
    }
    if (design === 'site' && view) {
      const from = scrollAt(start);
      const to = scrollAt(start + count);
      const scroll = moveFor('scroll', look, { x: frame.width / 2, y: frame.height / 2 }, count / frame.fps, to, frame);
      const move: Move = {
        ...scroll,
        shift: [
          [0, -from],
          [0, -to],
        ],
      };
      const { brand, palette } = context.storyboard;
      return { ...common, asset: null, product: null, scrims: [], move, site: { view, brand, palette, pageHeight } };
    }
    if (design === 'product' && facts) {
      const placed = placeProduct(facts, region, look, motion, count, frame);
      return {
        ...common,
        product: { box: placed.box, keyArea: placed.box, envelope: placed.envelope },
        move: placed.move,
      };
    }
    const centre = allBrand ? { x: frame.width / 2, y: frame.height / 2 } : centreOf(region);
    // Nothing to protect on a designed background: a bolder move keeps mostly flat colour alive.
    const bolder = { ...look, motion: { ...look.motion, push: Math.max(look.motion.push, brandPush) } };
    return { ...common, product: null, move: moveFor(motion, bolder, centre, count / frame.fps, 0, frame) };
  });

  return {
    index,
    role: scene.role,
    endCard: false,
    startFrame: context.startFrame,
    endFrame: context.endFrame,
    shots,
    texts,
    captions,
    brandMark,
  };
}

function endCard(scene: StoryboardScene, index: number, context: SceneContext, shotsBefore: number): SceneLayout {
  const { look, scheme, storyboard, images } = context;
  const { safeZone } = context.design;
  const card = storyboard.endCard;
  const facts = card.asset ? images.get(card.asset) : undefined;
  // 16:9: the product on the left half, the card's text beside it; else the text under the product.
  const columns = context.design.columns && facts !== undefined;
  const half = (safeZone.width - gap) / 2;
  const textX = columns ? safeZone.x + half + gap : safeZone.x;
  const width = columns ? half : safeZone.width;
  const floor = bottom(safeZone) - 8;
  const texts: TextBlock[] = [];
  const stackFromBottom = (
    request: Omit<Parameters<typeof placeBlock>[0], 'area' | 'vertical' | 'align'>,
    above: number,
  ) =>
    place(context, {
      ...request,
      area: { x: textX, y: safeZone.y, width, height: above - safeZone.y },
      align: 'center',
      vertical: 'bottom',
    });

  const domain = stackFromBottom(
    { role: 'end-domain', text: card.domain, spec: look.endDomain, colours: coloursFor(look.endDomain, scheme, look) },
    floor,
  );
  const ctaSpec = look.endCta;
  const cta = stackFromBottom(
    {
      role: 'end-cta',
      text: card.cta,
      spec: ctaSpec,
      colours: {
        ink: scheme.ctaInk,
        emphasisInk: scheme.ctaInk,
        backing: { kind: 'box', fill: scheme.ctaFill, radius: Math.round(ctaSpec.size * 0.9), perLine: false },
      },
    },
    (domain ? domain.box.y : floor) - 16,
  );
  const title = stackFromBottom(
    {
      role: 'end-title',
      text: card.title,
      // Beside the product (16:9) the title's column is narrow and tall: a line more.
      spec: columns ? { ...look.endTitle, maxLines: look.endTitle.maxLines + 1 } : look.endTitle,
      colours: coloursFor(look.endTitle, scheme, look),
    },
    (cta ? cta.box.y : floor) - 22,
  );
  for (const block of [title, cta, domain]) if (block) texts.push(block);
  const textTop = Math.min(...texts.map((block) => block.box.y), floor);
  if (columns) {
    // Beside the product the card's text is centred in the safe zone's height.
    const lift = (textTop - safeZone.y) / 2;
    texts.forEach((block, position) => {
      texts[position] = { ...block, box: { ...block.box, y: block.box.y - lift } };
    });
  }

  let region: Box = columns
    ? { x: safeZone.x, y: safeZone.y + 8, width: half, height: safeZone.height - 16 }
    : { x: safeZone.x, y: safeZone.y + 8, width, height: textTop - gap - 8 - safeZone.y };
  if (scene.callout && facts) {
    const column = Math.min(240, width * 0.4);
    const block = calloutBlock(
      context,
      scene.callout,
      { x: right(region) - column, y: region.y, width: column, height: region.height },
      'right',
      'top',
    );
    if (block) {
      texts.push(block);
      region = { ...region, width: block.box.x - gap - region.x };
    }
  }
  const frames = context.endFrame - context.startFrame;
  const motion = scene.shots[0]!.motion;
  const common = {
    split: false,
    backdrop: 'design' as const,
    tight: false,
    scrims: [],
    startFrame: context.startFrame,
    frames,
    variant: shotsBefore,
  };
  let shot: ShotLayout;
  if (facts && card.asset && region.height > 80) {
    // The card holds still in the story's sense, but a held frame reads as frozen: it drifts.
    const placed = placeProduct(facts, region, look, motion === 'static' ? 'push-in' : motion, frames, context.design);
    shot = {
      ...common,
      asset: card.asset,
      design: 'product',
      product: { box: placed.box, keyArea: placed.box, envelope: placed.envelope },
      move: placed.move,
    };
  } else {
    shot = {
      ...common,
      asset: null,
      design: 'brand',
      product: null,
      move: moveFor('push-in', look, centreOf(region), frames / designFrame.fps, 0, context.design),
    };
    // Without a picture the card's text is the whole card: centred in the safe zone.
    const lift = (textTop - safeZone.y) / 2;
    texts.forEach((block, position) => {
      texts[position] = { ...block, box: { ...block.box, y: block.box.y - lift } };
    });
  }
  return {
    index,
    role: scene.role,
    endCard: true,
    startFrame: context.startFrame,
    endFrame: context.endFrame,
    shots: [shot],
    texts,
    captions: null,
    brandMark: null,
  };
}
