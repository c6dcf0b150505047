// The designed layers, drawn as JSX by satori (text becomes glyph paths: no fontconfig needed) and
// rasterized to PNG: each text block, each caption state (the group with its active word
// highlighted) and the design of each plate's background. Sizes and positions come from the
// layout; nothing here decides where anything goes.
import { isValidElement, type ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import type { CaptionGroup, CaptionState } from './captions.ts';
import { type Rgb, rgbOf } from './color.ts';
import { type FontWeight, loadFonts, textWidth } from './fonts.ts';
import { type Box, type FrameGeometry, scaleBox } from './geometry.ts';
import type { AdLayout, CaptionBandLayout, ShotLayout } from './layout.ts';
import { rasterize, rasterizeToPng } from './rasterize.ts';
import { avatarPx, lineGapFor, paddingFor, type TextBlock, type Word } from './text-blocks.ts';
import { casedFor } from './text-fit.ts';

function satoriFonts() {
  return [...loadFonts().values()].map((font) => ({
    name: 'Inter',
    data: font.data,
    weight: font.weight,
    style: 'normal' as const,
  }));
}

async function svgOf(node: ReactNode, width: number, height: number): Promise<string> {
  return satori(node, { width, height, fonts: satoriFonts() });
}

const rgba = (hex: string, alpha: number) => {
  const [r, g, b]: Rgb = rgbOf(hex);
  return `rgba(${r},${g},${b},${alpha})`;
};

interface WordRun {
  words: Word[];
  weight: FontWeight;
  size: number;
  letterSpacingEm: number;
  ink: string;
  emphasisInk: string;
  stroke?: { color: string; width: number };
  /** Emphasized words on a pill of this colour. */
  emphasisFill?: string;
  /** The word drawn highlighted (captions), by index in `words`. */
  active?: number;
  activeInk?: string;
  activeFill?: string;
}

/** One line of words, spaced as the font spaces them (satori drops spaces inside spans). Neighbouring
 * words drawn alike share one run, so an emphasized phrase sits on one pill. */
function Line({ run }: { run: WordRun }) {
  const gap = textWidth(' ', run.weight, run.size, run.letterSpacingEm);
  const look = (index: number) => {
    const active = run.active === index;
    const word = run.words[index]!;
    return {
      color: active ? run.activeInk! : word.emphasized ? run.emphasisInk : run.ink,
      pill: active ? run.activeFill : word.emphasized ? run.emphasisFill : undefined,
    };
  };
  // Keys name each run and word by its place in the line; satori only needs them to be unique.
  const segments: { key: string; words: { key: string; text: string }[]; color: string; pill: string | undefined }[] =
    [];
  run.words.forEach((word, index) => {
    const { color, pill } = look(index);
    const last = segments.at(-1);
    const entry = { key: `w${index}`, text: word.text };
    if (last && last.color === color && last.pill === pill) last.words.push(entry);
    else segments.push({ key: `s${index}`, words: [entry], color, pill });
  });
  // A pill reaches a little past its words; negative margins keep the measured line width.
  const reach = Math.round(run.size * 0.14);
  return (
    <div style={{ display: 'flex', flexDirection: 'row', gap }}>
      {segments.map((segment) => (
        <div
          key={segment.key}
          style={{
            display: 'flex',
            flexDirection: 'row',
            gap,
            ...(segment.pill && {
              backgroundColor: segment.pill,
              borderRadius: Math.round(run.size * 0.16),
              padding: `0 ${reach}px`,
              margin: `0 -${reach}px`,
            }),
          }}
        >
          {segment.words.map((word) => (
            <div
              key={word.key}
              style={{
                display: 'flex',
                color: segment.color,
                fontSize: run.size,
                fontWeight: run.weight,
                letterSpacing: `${run.letterSpacingEm}em`,
                whiteSpace: 'nowrap',
                ...(run.stroke && {
                  WebkitTextStroke: `${run.stroke.width * 2}px ${run.stroke.color}`,
                  paintOrder: 'stroke fill',
                }),
              }}
            >
              {word.text}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function BlockView({ block, scale }: { block: TextBlock; scale: number }) {
  const { backing, size, spec, padX, padY } = block;
  const lineHeight = size * spec.lineHeight;
  const run = (words: Word[]): WordRun => ({
    words,
    weight: spec.weight,
    size,
    letterSpacingEm: spec.letterSpacingEm,
    ink: block.ink,
    emphasisInk: block.emphasisInk,
    ...(block.emphasisFill && { emphasisFill: block.emphasisFill }),
    ...(backing.kind === 'stroke' && { stroke: backing }),
  });
  const align = block.align === 'center' ? 'center' : block.align === 'left' ? 'flex-start' : 'flex-end';
  const stroke = backing.kind === 'stroke' ? backing.width : 0;
  const keyed = block.lines.map((words, index) => ({ words, key: `line${index}` }));
  const lines = keyed.map(({ words, key }) => {
    const line = (
      <div style={{ display: 'flex', height: lineHeight, alignItems: 'center' }}>
        <Line run={run(words)} />
      </div>
    );
    if (backing.kind === 'box' && backing.perLine) {
      return (
        <div
          key={key}
          style={{
            display: 'flex',
            backgroundColor: backing.fill,
            borderRadius: backing.radius,
            padding: `${padY}px ${padX}px`,
          }}
        >
          {line}
        </div>
      );
    }
    return (
      <div key={key} style={{ display: 'flex' }}>
        {line}
      </div>
    );
  });
  const text = (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        // Lines in one box are centred in it; lines boxed one by one follow the block's alignment.
        alignItems: backing.kind === 'box' && !backing.perLine ? 'center' : align,
        gap: backing.kind === 'box' && backing.perLine ? lineGapFor(size) : 0,
        padding: backing.kind === 'box' && backing.perLine ? stroke : `${padY + stroke}px ${padX + stroke}px`,
        ...(backing.kind === 'box' &&
          !backing.perLine && { backgroundColor: backing.fill, borderRadius: backing.radius }),
      }}
    >
      {lines}
    </div>
  );
  if (block.shape === 'comment-reply') {
    return (
      <div style={{ display: 'flex', flexDirection: 'row', alignItems: 'flex-start', gap: 14 * scale }}>
        <div
          style={{
            display: 'flex',
            width: avatarPx * scale,
            height: avatarPx * scale,
            borderRadius: (avatarPx * scale) / 2,
            backgroundImage: 'linear-gradient(135deg, #ff9a8b 0%, #ff6a88 55%, #ff99ac 100%)',
            border: `${4 * scale}px solid #ffffff`,
          }}
        />
        {text}
      </div>
    );
  }
  return text;
}

/**
 * A text block as a PNG exactly its box's size (rounded up), drawn at its box's origin. `scale`: the
 * frame's (the block is in its pixels already; this sizes what the block does not carry, the avatar).
 */
export async function drawTextBlock(block: TextBlock, scale = 1): Promise<Buffer> {
  const width = Math.ceil(block.box.width);
  const height = Math.ceil(block.box.height);
  const node = (
    <div
      style={{
        display: 'flex',
        width,
        height,
        alignItems: 'center',
        justifyContent: block.align === 'center' ? 'center' : block.align === 'left' ? 'flex-start' : 'flex-end',
      }}
    >
      <div
        style={{
          display: 'flex',
          width: block.inner.width,
          height: block.inner.height,
          justifyContent: block.align === 'center' ? 'center' : block.align === 'left' ? 'flex-start' : 'flex-end',
          ...(block.rotateDeg !== 0 && { transform: `rotate(${block.rotateDeg}deg)` }),
        }}
      >
        <BlockView block={block} scale={scale} />
      </div>
    </div>
  );
  return rasterizeToPng(await svgOf(node, width, height));
}

/** The brand's logo on a white rounded chip the size of `box` (so a dark or a light logo reads on any picture). */
export async function drawLogoChip(logo: Buffer, box: Box, scale = 1): Promise<Buffer> {
  const width = Math.ceil(box.width);
  const height = Math.ceil(box.height);
  const pad = Math.round(8 * scale);
  const chip = await rasterizeToPng(
    await svgOf(
      <div style={{ display: 'flex', width, height, backgroundColor: '#ffffff', borderRadius: 10 * scale }} />,
      width,
      height,
    ),
  );
  // The logo is laid on by sharp, not through the SVG: no image decoding inside the SVG renderer.
  const fitted = await sharp(logo)
    .resize(width - 2 * pad, height - 2 * pad, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp(chip)
    .composite([
      {
        input: fitted.data,
        left: Math.round((width - fitted.info.width) / 2),
        top: Math.round((height - fitted.info.height) / 2),
      },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** One caption state: the group centred in the band, the spoken word highlighted. */
export async function drawCaptionState(
  band: CaptionBandLayout,
  group: CaptionGroup,
  state: CaptionState,
): Promise<Buffer> {
  const width = Math.ceil(band.band.width);
  const height = Math.ceil(band.band.height);
  const { spec, backing } = band;
  const { padX, padY } = paddingFor(spec.treatment, group.size);
  const words = state.words.map((word) => ({ text: casedFor(spec, word), emphasized: false }));
  const stroke = backing.kind === 'stroke' ? backing.width : 0;
  const line = (
    <div style={{ display: 'flex', height: group.size * spec.lineHeight, alignItems: 'center' }}>
      <Line
        run={{
          words,
          weight: spec.weight,
          size: group.size,
          letterSpacingEm: spec.letterSpacingEm,
          ink: band.ink,
          emphasisInk: band.ink,
          active: state.active,
          activeInk: band.activeInk,
          ...(band.activeFill && { activeFill: band.activeFill }),
          ...(backing.kind === 'stroke' && { stroke: backing }),
        }}
      />
    </div>
  );
  const node = (
    <div style={{ display: 'flex', width, height, alignItems: 'center', justifyContent: 'center' }}>
      <div
        style={{
          display: 'flex',
          padding: `${padY + stroke}px ${padX + stroke}px`,
          ...(backing.kind === 'box' && { backgroundColor: backing.fill, borderRadius: backing.radius }),
        }}
      >
        {line}
      </div>
    </div>
  );
  return rasterizeToPng(await svgOf(node, width, height));
}

/** A transparent PNG the size of the caption band: shown when nobody speaks. */
export async function drawEmptyBand(band: Box): Promise<Buffer> {
  const width = Math.ceil(band.width);
  const height = Math.ceil(band.height);
  return rasterizeToPng(await svgOf(<div style={{ display: 'flex', width, height }} />, width, height));
}

/**
 * Out-of-focus discs scattered over the plate (the same ones for the same shot): they give the
 * camera's move something to move, where a smooth gradient alone would look frozen.
 */
function bokeh(seed: number, colour: string, alpha: number, frame: FrameGeometry): ReactNode[] {
  const { width, height } = plateSizeOf(frame);
  let state = (seed + 1) * 2654435761;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const discs = Array.from({ length: 9 }, (_, index) => ({
    key: `bokeh${index}`,
    radius: frame.plateScale * frame.scale * (40 + next() * 110),
    x: next() * width,
    y: next() * height,
    strength: alpha * (0.45 + next() * 0.55),
  }));
  return discs.map(({ key, radius, x, y, strength }) => {
    return (
      <div
        key={key}
        style={{
          position: 'absolute',
          left: x - radius,
          top: y - radius,
          width: radius * 2,
          height: radius * 2,
          borderRadius: radius,
          display: 'flex',
          backgroundImage: `radial-gradient(circle at center, ${rgba(colour, strength)} 0%, ${rgba(colour, strength * 0.8)} 72%, ${rgba(colour, 0)} 100%)`,
        }}
      />
    );
  });
}

/** A plate's pixels: the frame's × its plateScale. */
export const plateSizeOf = (frame: FrameGeometry) => ({
  width: Math.round(frame.width * frame.plateScale),
  height: Math.round(frame.height * frame.plateScale),
});

/** The designed background of a shot at plate size (frame × plateScale), before the product is laid on it. */
export async function drawPlateDesign(
  layout: AdLayout,
  shot: ShotLayout,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { scheme, frame } = layout;
  const { width: plateWidth, height: plateHeight } = plateSizeOf(frame);
  /** Frame px (the layout's boxes) and design px (the sizes written here) to plate px. */
  const p = (value: number) => value * frame.plateScale;
  const d = (value: number) => value * frame.plateScale * frame.scale;
  // The glow, burst or blob sits behind a product; without one nothing marks an empty place for it.
  const focus = shot.product ? shot.product.box : scaleBox({ x: 160, y: 420, width: 400, height: 400 }, frame.scale);
  const behindProduct = shot.product !== null;
  const cx = p(focus.x + focus.width / 2);
  const cy = p(focus.y + focus.height / 2);
  const reach = p(Math.max(focus.width, focus.height));
  const odd = shot.variant % 2 === 1;
  const layers: ReactNode[] = [];
  let background: string;

  if (layout.plate === 'glow-vignette') {
    background = `linear-gradient(180deg, ${scheme.plateTop} 0%, ${scheme.plateBottom} 100%)`;
    layers.push(...bokeh(shot.variant, scheme.glow, 0.22, frame));
    layers.push(
      <div
        key="glow"
        style={{
          position: 'absolute',
          left: cx - reach,
          top: cy - reach,
          width: reach * 2,
          height: reach * 2,
          display: 'flex',
          backgroundImage: `radial-gradient(circle at center, ${rgba(scheme.glow, 0.55)} 0%, ${rgba(scheme.glow, 0)} 62%)`,
        }}
      />,
      <div
        key="vignette"
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: plateWidth,
          height: plateHeight,
          display: 'flex',
          backgroundImage: `radial-gradient(ellipse at 50% 45%, rgba(0,0,0,0) 55%, rgba(0,0,0,0.5) 100%)`,
        }}
      />,
    );
  } else if (layout.plate === 'banded-burst') {
    const base = odd ? scheme.field : scheme.plateTop;
    const band = odd ? scheme.plateTop : scheme.field;
    background = `linear-gradient(165deg, ${base} 0%, ${odd ? scheme.plateBottom : scheme.plateBottom} 100%)`;
    layers.push(
      <div
        key="band"
        style={{
          position: 'absolute',
          left: -d(200),
          top: cy - d(150),
          width: p(frame.width) + d(400),
          height: d(300),
          display: 'flex',
          backgroundColor: band,
          transform: `rotate(${odd ? 9 : -9}deg)`,
        }}
      />,
      <div
        key="burst"
        style={{
          position: 'absolute',
          left: cx - reach * 0.72,
          top: cy - reach * 0.72,
          width: reach * 1.44,
          height: reach * 1.44,
          borderRadius: reach,
          display: 'flex',
          backgroundColor: rgba(scheme.glow, 0.55),
        }}
      />,
    );
  } else {
    // bokeh-blob
    background = `linear-gradient(180deg, ${scheme.plateTop} 0%, ${scheme.plateBottom} 100%)`;
    layers.push(...bokeh(shot.variant, scheme.field, 0.35, frame));
    layers.push(
      <div
        key="blob"
        style={{
          position: 'absolute',
          left: cx - reach * 0.8,
          top: cy - reach * 0.75,
          width: reach * 1.6,
          height: reach * 1.5,
          borderRadius: reach,
          display: 'flex',
          backgroundImage: `radial-gradient(circle at center, ${rgba(scheme.glow, 0.85)} 0%, ${rgba(scheme.glow, 0)} 70%)`,
        }}
      />,
    );
  }
  if (shot.split) {
    // A colour panel from behind the product to the frame's edge: the text's side and the product's side.
    const margin = d(36);
    layers.unshift(
      <div
        key="split"
        style={{
          position: 'absolute',
          left: p(focus.x) - margin,
          top: p(focus.y) - margin * 1.6,
          width: plateWidth,
          height: p(focus.height) + margin * 3.2,
          borderRadius: margin * 1.5,
          display: 'flex',
          backgroundColor: rgba(scheme.field, 0.9),
        }}
      />,
    );
  }
  // Without a product they would be empty placeholders; the banded burst's disc is never drawn (a
  // product in a translucent circle reads as a placeholder too).
  const placeholders = new Set(behindProduct ? ['burst'] : ['glow', 'burst', 'blob']);
  const drawn = layers.filter((layer) => !(isValidElement(layer) && placeholders.has(String(layer.key))));
  const node = (
    <div
      style={{
        display: 'flex',
        position: 'relative',
        width: plateWidth,
        height: plateHeight,
        backgroundImage: background,
      }}
    >
      {drawn}
    </div>
  );
  return rasterize(await svgOf(node, plateWidth, plateHeight));
}
