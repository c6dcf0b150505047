// Where everything goes, as a pure function of the storyboard, the images' sizes and the look
// (issue 14 §4): per scene a text region at the top of the safe zone, a caption band at its bottom
// and the product between them, placed whole and shrunk so that even the camera move never carries
// it under text; the end card stacks the product (or logo) over the title, the CTA and the domain,
// all above the bottom 35 %. Text that does not fit is a problem for the gate, never cut.

import type { SceneRole } from '#generation/storyboard/scene-plans.ts';
import type { Layout, Storyboard, StoryboardScene, StoryboardShot } from '#generation/storyboard/storyboard.ts';
import type { Style } from '#shared/contract.ts';
import { type Box, bottom, centreOf, frame, right, safeZone } from './geometry.ts';
import { type CaptionSpec, type Look, looks, safeLook, type TypeSpec } from './looks.ts';
import { envelopeOf, type Move, moveFor, plateScale } from './motion.ts';
import { messageBlue, type Scheme, schemeFor } from './scheme.ts';
import { type Backing, type Colours, paddingFor, placeBlock, strokeWidthFor, type TextBlock } from './text-blocks.ts';

export interface ImageFacts {
  width: number;
  height: number;
  /** False when the image has see-through pixels (a cut-out or a logo): it is not framed as a card. */
  opaque: boolean;
}

export type ShotDesign = 'product' | 'cover' | 'brand';

/** What the plate shows behind the product: the style's design, the photo blurred, or the photo itself. */
export type Backdrop = 'design' | 'blurred-image' | 'image';

export interface ShotLayout {
  asset: string | null;
  design: ShotDesign;
  backdrop: Backdrop;
  /** product-split: the product to one side on a split colour field. */
  split: boolean;
  /** The image at rest, and every place it is seen while the camera moves. */
  product: { box: Box; envelope: Box } | null;
  move: Move;
  startFrame: number;
  frames: number;
  /** Counts shots from the start of the ad; neighbouring shots alternate the plate's field. */
  variant: number;
}

export interface CaptionBandLayout {
  band: Box;
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
}

export interface AdLayout {
  style: Style;
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
/** How far the camera pushes into a designed background that shows no product. */
const brandPush = 0.16;
/** The least height the text may leave the product. */
const minProductHeight = 200;
/** A photo within 15 % of the frame's shape fills it (full bleed) without losing anything that matters. */
const coverTolerance = 0.15;
/** An image is never shown more than this much larger than its pixels. */
const maxUpscale = 2;

const toFrame = (seconds: number) => Math.round(seconds * frame.fps);

export function layoutStoryboard(
  storyboard: Storyboard,
  images: ReadonlyMap<string, ImageFacts>,
  options: { safe: boolean },
): AdLayout {
  const look = options.safe ? safeLook(storyboard.style) : looks[storyboard.style];
  const scheme = schemeFor(storyboard.style, storyboard.palette);
  const problems: string[] = [];
  let shotCount = 0;
  const scenes = storyboard.scenes.map((scene, index): SceneLayout => {
    const startFrame = toFrame(scene.startSeconds);
    const endFrame =
      index === storyboard.scenes.length - 1 ? storyboard.durationSeconds * frame.fps : toFrame(scene.endSeconds);
    const context: SceneContext = {
      storyboard,
      images,
      look,
      scheme,
      safe: options.safe,
      problems,
      startFrame,
      endFrame,
    };
    const laid =
      scene.role === 'cta' ? endCard(scene, index, context, shotCount) : storyScene(scene, index, context, shotCount);
    shotCount += laid.shots.length;
    return laid;
  });
  return {
    style: storyboard.style,
    safe: options.safe,
    look,
    scheme,
    scenes,
    totalFrames: storyboard.durationSeconds * frame.fps,
    problems,
  };
}

interface SceneContext {
  storyboard: Storyboard;
  images: ReadonlyMap<string, ImageFacts>;
  look: Look;
  scheme: Scheme;
  safe: boolean;
  problems: string[];
  startFrame: number;
  endFrame: number;
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

function designOf(
  shot: StoryboardShot,
  facts: ImageFacts | undefined,
  safe: boolean,
): { design: ShotDesign; split: boolean } {
  if (!facts || shot.layout === 'brand' || shot.asset === null) return { design: 'brand', split: false };
  const layout: Layout = shot.layout;
  if (layout === 'full-bleed' && !safe) {
    const aspect = facts.width / facts.height;
    const frameAspect = frame.width / frame.height;
    if (Math.abs(aspect - frameAspect) / frameAspect <= coverTolerance) return { design: 'cover', split: false };
  }
  return { design: 'product', split: layout === 'product-split' && !safe };
}

/** The image at rest, centred in `region` and shrunk so that its move never leaves the region. */
function placeProduct(
  facts: ImageFacts,
  region: Box,
  look: Look,
  motion: StoryboardShot['motion'],
  frames: number,
): { box: Box; envelope: Box; move: Move } {
  const aspect = facts.width / facts.height;
  const anchor = centreOf(region);
  // How much the move grows a box, measured on the region itself.
  const swept = envelopeOf(moveFor(motion, look, anchor, frames / frame.fps), region, frames);
  const grow = Math.max(swept.width / region.width, swept.height / region.height);
  const width = Math.min(region.width / grow, (region.height / grow) * aspect, (facts.width * maxUpscale) / plateScale);
  const height = width / aspect;
  const box = { x: anchor.x - width / 2, y: anchor.y - height / 2, width, height };
  const move = moveFor(motion, look, centreOf(box), frames / frame.fps);
  return { box, envelope: envelopeOf(move, box, frames), move };
}

function captionBand(context: SceneContext): CaptionBandLayout {
  const { look, scheme } = context;
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

function calloutBlock(
  context: SceneContext,
  text: string,
  area: Box,
  align: TextBlock['align'],
  vertical: 'top' | 'middle',
  record = true,
) {
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
  const request: Parameters<typeof placeBlock>[0] = {
    role: 'callout',
    text,
    spec,
    colours,
    area,
    align,
    vertical,
    rotateDeg: context.safe || context.storyboard.style === 'cinematic' ? 0 : -7,
  };
  if (record) return place(context, request);
  const placed = placeBlock(request);
  return 'block' in placed ? placed.block : null;
}

function storyScene(scene: StoryboardScene, index: number, context: SceneContext, shotsBefore: number): SceneLayout {
  const { look, scheme, storyboard, images } = context;
  const texts: TextBlock[] = [];
  let top = safeZone.y + 10;
  const width = safeZone.width;

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
  const designs = scene.shots.map((shot) =>
    designOf(shot, shot.asset ? images.get(shot.asset) : undefined, context.safe),
  );
  const anyProduct = designs.some((design) => design.design === 'product');
  const allBrand = designs.every((design) => design.design === 'brand');
  const split = designs.some((design) => design.split);

  // Room for the product below the text, unless the scene shows no product at all.
  const floor = band.band.y - gap - (allBrand ? 0 : minProductHeight);
  const headlineRequest = (area: Box, align: TextBlock['align']): Parameters<typeof placeBlock>[0] => ({
    role: 'headline',
    text: scene.text.join(' '),
    lines: scene.text,
    ...(scene.emphasis && { emphasis: scene.emphasis }),
    spec: allBrand ? { ...look.headline, size: Math.round(look.headline.size * 1.2) } : look.headline,
    colours: coloursFor(look.headline, scheme, look),
    area,
    align,
    vertical: allBrand ? 'middle' : 'top',
    rotateDeg: look.headline.treatment === 'sticker' && !context.safe ? -2 : 0,
  });

  // A sticker callout sits beside the headline, so the product keeps its room; a plain one (or one
  // that leaves the headline too little width) goes under the headline.
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
        headlineRequest({ x: safeZone.x, y: top, width: width - sticker.box.width - gap, height: floor - top }, 'left'),
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
    headline = place(
      context,
      headlineRequest({ x: safeZone.x, y: top, width, height: floor - top }, split ? 'left' : 'center'),
    );
  }
  if (headline) texts.push(headline);
  const textBottom = Math.max(headline ? bottom(headline.box) : top, callout ? bottom(callout.box) : top);
  // Next best: a sticker in the corner beside the product, when the product is bound by height anyway.
  let productWidth = width;
  if (scene.callout && !callout && look.callout.treatment !== 'plain' && !allBrand) {
    const regionTop = textBottom + gap;
    const regionHeight = band.band.y - gap - regionTop;
    const sticker = calloutBlock(
      context,
      scene.callout,
      { x: safeZone.x, y: regionTop, width: width * 0.4, height: regionHeight },
      'right',
      'top',
      false,
    );
    // The width the widest product of the scene would take at the region's full height.
    const needed = Math.max(
      0,
      ...scene.shots.map((shot, shotIndex) => {
        const facts = shot.asset ? images.get(shot.asset) : undefined;
        return designs[shotIndex]!.design === 'product' && facts
          ? Math.min(width, (regionHeight * facts.width) / facts.height)
          : 0;
      }),
    );
    if (sticker && width - sticker.box.width - gap >= needed) {
      callout = { ...sticker, box: { ...sticker.box, x: right(safeZone) - sticker.box.width } };
      productWidth = width - sticker.box.width - gap;
    }
  }
  if (scene.callout && !callout) {
    callout = calloutBlock(
      context,
      scene.callout,
      { x: safeZone.x, y: textBottom + 10, width, height: floor - textBottom - 10 },
      headline?.align ?? 'center',
      'top',
    );
  }
  if (callout) texts.push(callout);
  // A corner sticker shares the product's rows; any other callout sits above the product.
  const cornered = productWidth < width;
  if (!allBrand) top = (cornered ? textBottom : Math.max(textBottom, callout ? bottom(callout.box) : top)) + gap;

  const region: Box = { x: safeZone.x, y: top, width: productWidth, height: band.band.y - gap - top };

  const shots = scene.shots.map((shot, shotIndex): ShotLayout => {
    const { design } = designs[shotIndex]!;
    // The safe look moves every shot the one gentle way.
    const motion = context.safe ? 'push-in' : shot.motion;
    const { start, frames: count } = frames[shotIndex]!;
    const facts = shot.asset ? images.get(shot.asset) : undefined;
    const backdrop: Backdrop =
      design === 'cover'
        ? 'image'
        : design === 'product' && !context.safe && (shot.layout === 'full-bleed' || storyboard.style === 'ugc')
          ? 'blurred-image'
          : 'design';
    const common = {
      asset: design === 'brand' ? null : shot.asset,
      design,
      backdrop,
      split,
      startFrame: start,
      frames: count,
      variant: shotsBefore + shotIndex,
    };
    if (design === 'product' && facts) {
      const productRegion = split ? { ...region, x: region.x + region.width * 0.3, width: region.width * 0.7 } : region;
      const placed = placeProduct(facts, productRegion, look, motion, count);
      return { ...common, product: { box: placed.box, envelope: placed.envelope }, move: placed.move };
    }
    const centre = anyProduct ? centreOf(region) : { x: frame.width / 2, y: frame.height / 2 };
    // Nothing to protect on a designed background: a bolder move keeps mostly flat colour alive.
    const bolder = { ...look, motion: { ...look.motion, push: Math.max(look.motion.push, brandPush) } };
    return { ...common, product: null, move: moveFor(motion, bolder, centre, count / frame.fps) };
  });

  return {
    index,
    role: scene.role,
    endCard: false,
    startFrame: context.startFrame,
    endFrame: context.endFrame,
    shots,
    texts,
    captions: scene.voiceLine.trim() ? band : null,
  };
}

function endCard(scene: StoryboardScene, index: number, context: SceneContext, shotsBefore: number): SceneLayout {
  const { look, scheme, storyboard, images } = context;
  const card = storyboard.endCard;
  const width = safeZone.width;
  const floor = bottom(safeZone) - 8;
  const texts: TextBlock[] = [];
  const stackFromBottom = (
    request: Omit<Parameters<typeof placeBlock>[0], 'area' | 'vertical' | 'align'>,
    above: number,
  ) =>
    place(context, {
      ...request,
      area: { x: safeZone.x, y: safeZone.y, width, height: above - safeZone.y },
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
    { role: 'end-title', text: card.title, spec: look.endTitle, colours: coloursFor(look.endTitle, scheme, look) },
    (cta ? cta.box.y : floor) - 22,
  );
  for (const block of [title, cta, domain]) if (block) texts.push(block);
  const textTop = Math.min(...texts.map((block) => block.box.y), floor);

  const facts = card.asset ? images.get(card.asset) : undefined;
  let region: Box = { x: safeZone.x, y: safeZone.y + 8, width, height: textTop - gap - 8 - safeZone.y };
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
    startFrame: context.startFrame,
    frames,
    variant: shotsBefore,
  };
  let shot: ShotLayout;
  if (facts && card.asset && region.height > 80) {
    // The card holds still in the story's sense, but a held frame reads as frozen: it drifts.
    const placed = placeProduct(facts, region, look, motion === 'static' ? 'push-in' : motion, frames);
    shot = {
      ...common,
      asset: card.asset,
      design: 'product',
      product: { box: placed.box, envelope: placed.envelope },
      move: placed.move,
    };
  } else {
    shot = {
      ...common,
      asset: null,
      design: 'brand',
      product: null,
      move: moveFor('push-in', look, centreOf(region), frames / frame.fps),
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
  };
}
